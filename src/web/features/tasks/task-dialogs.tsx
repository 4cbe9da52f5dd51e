import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { CompleteTaskInput, TASK_OUTCOMES } from '../../../core/tasks/task-schema.ts';
import { showErrorToast } from '../../lib/error-toast.ts';
import { type Task, useCompleteTask, useUpdateTask } from './tasks-api.ts';
import { Field, Modal, inputClass } from '../../components/form/form-controls.tsx';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { TaskForm, targetFieldText, type TaskFormValues } from './task-form.tsx';
import type { NumberStyle } from '../../lib/number-style.ts';
import { useNumberStyle } from '../../lib/use-number-style.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { ChoiceField } from '../../components/form/fields.tsx';

function toFormValues(task: Task, style: NumberStyle): TaskFormValues {
  return {
    hypothesis: task.hypothesis,
    whyRelevant: task.whyRelevant,
    targetValue: targetFieldText(task.targetValue, task.metric, style),
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
  const style = useNumberStyle();
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('edit.title')}>
      <TaskForm
        initial={toFormValues(task, style)}
        maximas={maximas}
        submitLabel={t('edit.submit')}
        pendingLabel={t('edit.pending')}
        pending={update.isPending}
        onSubmit={async (input) => {
          await update.mutateAsync({ id: task.id, changes: { ...input, maximaIndex: input.maximaIndex ?? null, dueDate: input.dueDate ?? null } });
          toast.success(t('edit.success'));
          onClose();
        }}
        onError={(error) => showErrorToast(error, t('edit.error'))}
      />
    </Modal>
  );
}

export function CompleteDialog({ task, onClose }: { task: Task; onClose: () => void }) {
  const { t } = useTranslation('tasks');
  const complete = useCompleteTask();
  const form = useSchemaForm(CompleteTaskInput, { outcome: '', completionNotes: '' }, {
    toInput: ({ outcome, completionNotes }) => ({ outcome: outcome === '' ? undefined : outcome, completionNotes }),
    onSubmit: async ({ outcome, completionNotes }) => {
      await complete.mutateAsync({ id: task.id, outcome, completionNotes: completionNotes ?? '' });
      toast.success(t('complete.success'), { description: t('complete.points') });
      onClose();
    },
    onError: (failure, onFields) => onFields || showErrorToast(failure, t('complete.error')),
  });
  const notes = form.id('completionNotes');
  return (
    <Modal open onOpenChange={(open) => !open && onClose()} title={t('complete.title')} description={task.hypothesis}>
      <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4">
        <ChoiceField
          {...form.control('outcome')}
          label={t('complete.outcome')}
          options={TASK_OUTCOMES.map((value) => ({ value, label: t(`outcome.${value}`) }))}
        />
        <Field id={notes} label={t('complete.notes')} hint={t('complete.hint')} error={form.errors.completionNotes}>
          <textarea {...form.field('completionNotes', [`${notes}-hint`])} rows={4} className={inputClass} />
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
