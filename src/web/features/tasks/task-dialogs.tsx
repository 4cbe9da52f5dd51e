import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { TASK_OUTCOMES, type Task, type TaskOutcome } from '../../../core/tasks/task-schema.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { useCompleteTask, useUpdateTask } from '../../lib/api/tasks-api.ts';
import { Field, Modal, describedBy, inputClass } from '../../components/form/form-controls.tsx';
import { TaskForm, type TaskFormValues, serverFieldErrors } from './task-form.tsx';
import { buttonClass } from '../../components/form/buttons.ts';
import { ChoiceField } from '../../components/form/fields.tsx';

function toFormValues(task: Task): TaskFormValues {
  return {
    hypothesis: task.hypothesis,
    whyRelevant: task.whyRelevant,
    targetValue: String(task.targetValue),
    metric: task.metric,
    impact: task.impact,
    confidence: task.confidence,
    ease: task.ease,
    maximaIndex: task.maximaIndex === null ? '' : String(task.maximaIndex),
    dueDate: task.dueDate ?? '',
  };
}

export function EditDialog({ task, maximas, onClose }: { task: Task; maximas: string[]; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const update = useUpdateTask();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('edit.title')}>
      <TaskForm
        initial={toFormValues(task)}
        maximas={maximas}
        submitLabel={t('edit.submit')}
        pendingLabel={t('edit.pending')}
        pending={update.isPending}
        onSubmit={async (input) => {
          try {
            await update.mutateAsync({ id: task.id, changes: { ...input, maximaIndex: input.maximaIndex ?? null, dueDate: input.dueDate ?? null } });
          } catch (error) {
            const fields = serverFieldErrors(error);
            if (fields) return fields;
            showErrorToast(error, t('edit.error'));
            return null;
          }
          toast.success(t('edit.success'));
          onClose();
          return null;
        }}
      />
    </Modal>
  );
}

export function CompleteDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const complete = useCompleteTask();
  const [outcome, setOutcome] = useState<TaskOutcome | ''>('');
  const [notes, setNotes] = useState('');
  const [outcomeError, setOutcomeError] = useState<string | undefined>();
  const [error, setError] = useState<string | undefined>();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('complete.title')} description={task.hypothesis}>
      <form
        noValidate
        className="flex flex-col gap-4"
        onSubmit={async (event) => {
          event.preventDefault();
          setOutcomeError(outcome === '' ? t('validation.outcome') : undefined);
          setError(notes.trim() === '' ? t('validation.completionNotes') : undefined);
          if (outcome === '' || notes.trim() === '') return;
          try {
            await complete.mutateAsync({ id: task.id, outcome, completionNotes: notes });
          } catch (failure) {
            showErrorToast(failure, t('complete.error'));
            return;
          }
          toast.success(t('complete.success'), { description: t('complete.points') });
          onClose();
        }}
      >
        <ChoiceField
          name="outcome"
          label={t('complete.outcome')}
          value={outcome}
          onChange={(value) => setOutcome(value as TaskOutcome)}
          options={TASK_OUTCOMES.map((value) => ({ value, label: t(`outcome.${value}`) }))}
          error={outcomeError}
        />
        <Field id="completion-notes" label={t('complete.notes')} hint={t('complete.hint')} error={error}>
          <textarea
            id="completion-notes"
            rows={4}
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            aria-invalid={Boolean(error)}
            aria-describedby={describedBy('completion-notes', { hint: true, error: Boolean(error) })}
            className={inputClass}
          />
        </Field>
        <div className="flex justify-end gap-2">
          <button type="button" className={buttonClass.secondary} onClick={onClose}>
            {t('dialog.cancel')}
          </button>
          <button type="submit" className={buttonClass.primary} disabled={complete.isPending}>
            {complete.isPending ? t('complete.pending') : t('complete.submit')}
          </button>
        </div>
      </form>
    </Modal>
  );
}
