import { Loader2, Sparkles } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import type { TaskDraft } from '../../../core/mentor/task-draft.ts';
import { TASK_METRIC_KEYS } from '../../../core/tasks/task-metrics.ts';
import { currentLanguage } from '../../i18n/i18n.ts';
import { ApiError } from '../../lib/api-client.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { useMentorDraft } from '../../lib/use-mentor-draft.tsx';
import { takeTaskDraft } from '../../lib/chat-flags.ts';
import { newIdempotencyKey, requestTaskDraft, useCreateTask, useTasks } from './tasks-api.ts';
import { EMPTY_TASK_FORM, TaskForm, targetFieldText, type TaskFormValues } from './task-form.tsx';
import type { NumberStyle } from '../../lib/number-style.ts';
import { useNumberStyle } from '../../lib/use-number-style.ts';
import { buttonClass } from '../../components/form/buttons.ts';

/** The draft as form values: a metric the form does not offer, or no target, is left for the founder. */
function draftToFormValues(draft: TaskDraft, style: NumberStyle): TaskFormValues {
  return {
    ...EMPTY_TASK_FORM,
    hypothesis: draft.hypothesis,
    whyRelevant: draft.whyRelevant,
    metric: (TASK_METRIC_KEYS as readonly string[]).includes(draft.metric) ? draft.metric : '',
    targetValue: targetFieldText(draft.targetValue, draft.metric, style),
    impact: draft.impact,
    confidence: draft.confidence,
    ease: draft.ease,
  };
}

/**
 * 'Generate first task' (no tasks yet) or 'Suggest a task': asks the mentor for a draft
 * through the AI gate (consent and the AI assistance preference) and hands it to the form.
 */
function DraftButton({ onDraft }: { onDraft: (values: TaskFormValues) => void }) {
  const { t } = useTranslation('tasks');
  const style = useNumberStyle();
  const active = useTasks('active');
  const done = useTasks('done');
  const first = active.data?.length === 0 && done.data?.length === 0;
  const { generate, generating, liveRegion, dialog } = useMentorDraft(
    () => requestTaskDraft(currentLanguage()),
    (draft) => onDraft(draftToFormValues(draft, style)),
    { pending: t('draft.generating'), ready: t('draft.ready'), readyOffline: t('draft.readyOffline'), failed: t('draft.failed') },
  );
  // The onboarding welcome's 'Generate your first task' lands here with ?draft=first:
  // the draft starts at once, and the address forgets it so a reload does not ask again.
  const [searchParams, setSearchParams] = useSearchParams();
  const draftRequested = searchParams.get('draft') === 'first';
  // The mentor's chat drafted a task and sent the founder here with ?draft=chat: fill the form with it.
  const chatDraft = searchParams.get('draft') === 'chat';
  useEffect(() => {
    if (!chatDraft) return;
    setSearchParams({}, { replace: true });
    // Taken once: a second run finds nothing to take.
    const draft = takeTaskDraft();
    if (draft) onDraft(draftToFormValues(draft, style));
  }, [chatDraft, onDraft, setSearchParams, style]);
  const draftStarted = useRef(false);
  useEffect(() => {
    if (!draftRequested || draftStarted.current) return;
    draftStarted.current = true;
    setSearchParams({}, { replace: true });
    void generate();
    // Once per arrival: generate is a new function on every render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [draftRequested]);

  return (
    <div className="mb-6 flex flex-col gap-3 rounded-lg border border-border bg-muted/40 p-4 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-muted-foreground">{t(first ? 'draft.hintFirst' : 'draft.hint')}</p>
      <button type="button" onClick={generate} disabled={generating} aria-busy={generating} className={`${buttonClass.secondary} shrink-0`}>
        {generating ? <Loader2 aria-hidden="true" className="size-4 animate-spin" /> : <Sparkles aria-hidden="true" className="size-4" />}
        {generating ? t('draft.generating') : t(first ? 'draft.first' : 'draft.suggest')}
      </button>
      {liveRegion}
      {dialog}
    </div>
  );
}

export function CreateTab({ maximas, onCreated }: { maximas: string[]; onCreated: () => void }) {
  const { t } = useTranslation('tasks');
  const create = useCreateTask();
  // One key per submission: a double click or a retry of the same submission makes one task.
  const idempotencyKey = useRef(newIdempotencyKey());
  const [formKey, setFormKey] = useState(0);
  const [initial, setInitial] = useState(EMPTY_TASK_FORM);
  return (
    <>
      <DraftButton
        onDraft={(values) => {
          setInitial(values);
          setFormKey((key) => key + 1);
        }}
      />
      <TaskForm
        key={formKey}
        initial={initial}
        maximas={maximas}
        submitLabel={t('create.submit')}
        pendingLabel={t('create.pending')}
        pending={create.isPending}
        onSubmit={async (input) => {
          await create.mutateAsync({ input, idempotencyKey: idempotencyKey.current });
          idempotencyKey.current = newIdempotencyKey();
          toast.success(t('create.success'), { description: t('create.points') });
          setInitial(EMPTY_TASK_FORM);
          setFormKey((key) => key + 1);
          onCreated();
        }}
        // 'Rate limit exceeded', and how long to wait before creating another (docs/product.md#rate-limits).
        onError={(error) => showErrorToast(error, error instanceof ApiError && error.code === 'RATE_LIMITED' ? t('create.rateLimited') : t('create.error'))}
      />
    </>
  );
}
