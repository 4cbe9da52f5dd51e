import { useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { CONTEXT_TYPES, ContextEntryFields } from '../../../core/mentor/mentor-schema.ts';
import { TEXT_MAX } from '../../../core/security/validate.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { CONTEXT_FILE_ACCEPT } from '../../lib/file-reasons.ts';
import type { ContextEntry } from './context-entries-api.ts';
import { entryIssueKey } from './entry-issue.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

/** The form for a new entry, and for editing one (where files are added to what it has). */
export function EntryForm(props: {
  initial?: ContextEntry;
  submitLabel: string;
  onSubmit: (form: FormData) => Promise<void>;
  onCancel?: () => void;
}) {
  const { t } = useTranslation('aiContext');
  const ids = { files: useId(), error: useId(), removeHint: useId() };
  const formRef = useRef<HTMLFormElement>(null);
  const form = useSchemaForm(ContextEntryFields, { type: props.initial?.type ?? '', description: props.initial?.description ?? '' }, {
    translate: (issue) => {
      const { key, params } = entryIssueKey(issue);
      return t(key, params);
    },
    onSubmit: async () => {
      const sent = new FormData(formRef.current ?? undefined);
      for (const [name, value] of [...sent.entries()]) if (name === 'files' && value instanceof File && value.size === 0 && value.name === '') sent.delete('files');
      await props.onSubmit(sent);
      if (!props.initial) {
        formRef.current?.reset();
        form.reset();
      }
    },
    // The caller has told the founder why; the form keeps what they typed.
    onError: () => {},
  });
  // One message at a time, under the form, as the founder fixes them in order.
  const error = form.errors.type ?? form.errors.description;
  const described = (invalid: boolean) => ({ 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? ids.error : undefined });
  const typeProps = { ...form.field('type'), ...described(Boolean(form.errors.type)) };
  const descriptionProps = { ...form.field('description'), ...described(Boolean(form.errors.description)) };

  return (
    <form ref={formRef} noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4" aria-describedby={error ? ids.error : undefined}>
      <div>
        <label htmlFor={form.id('type')} className="text-sm font-medium">
          {t('fields.type')}
        </label>
        <select {...typeProps} required className="mt-1 block h-11 w-full rounded-md border border-input bg-background px-3 text-base">
          <option value="" disabled>
            {t('fields.typePlaceholder')}
          </option>
          {CONTEXT_TYPES.map((type) => (
            <option key={type} value={type}>
              {t(`types.${type}`)}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={form.id('description')} className="text-sm font-medium">
          {t('fields.description')}
        </label>
        <textarea
          {...descriptionProps}
          required
          rows={4}
          maxLength={TEXT_MAX}
          placeholder={t('fields.descriptionPlaceholder')}
          className="mt-1 block w-full rounded-md border border-input bg-background p-3 text-base"
        />
      </div>
      {props.initial && props.initial.files.length > 0 && (
        // Checked files are sent as `removeFileIds` with the rest of the form (PATCH /api/context/:id).
        <fieldset aria-describedby={ids.removeHint}>
          <legend className="text-sm font-medium">{t('fields.currentFiles')}</legend>
          <p id={ids.removeHint} className="mt-1 text-xs text-muted-foreground">
            {t('fields.removeHint')}
          </p>
          <ul className="mt-2 flex flex-col gap-1">
            {props.initial.files.map((file) => (
              <li key={file.id}>
                <label className="inline-flex min-h-9 cursor-pointer items-center gap-2 text-sm has-[:checked]:text-muted-foreground has-[:checked]:line-through">
                  <input type="checkbox" name="removeFileIds" value={file.id} className="size-4 accent-[var(--destructive)]" />
                  {t('removeFile', { name: file.name })}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <div>
        <label htmlFor={ids.files} className="text-sm font-medium">
          {t(props.initial ? 'fields.addFiles' : 'fields.files')}
        </label>
        <input id={ids.files} name="files" type="file" multiple accept={CONTEXT_FILE_ACCEPT} className="mt-1 block w-full text-sm file:mr-3 file:h-9 file:rounded-md file:border file:border-input file:bg-background file:px-3" />
        <p className="mt-1 text-xs text-muted-foreground">{t('fields.filesHint')}</p>
      </div>
      {error && (
        <p id={ids.error} role="alert" className="text-sm text-destructive">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={form.submitting} className={buttonClass.primary}>
          {form.submitting ? t('saving') : props.submitLabel}
        </button>
        {props.onCancel && (
          <button type="button" onClick={props.onCancel} className={buttonClass.secondary}>
            {t('cancel')}
          </button>
        )}
      </div>
    </form>
  );
}
