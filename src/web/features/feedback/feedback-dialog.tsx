import { ImagePlus, X } from 'lucide-react';
import { type ClipboardEvent, type DragEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { toast } from 'sonner';
import {
  checkFeedbackImages,
  FEEDBACK_CONTENT_MAX,
  FEEDBACK_IMAGES_MAX,
  FEEDBACK_MESSAGES,
  OFFERED_FEEDBACK_SECTIONS,
  FEEDBACK_TYPES,
  FeedbackInput,
  type FeedbackSection,
  type FeedbackType,
  type ImageProblem,
} from '../../../core/feedback/feedback-schema.ts';
import { ApiError } from '../../lib/api-client.ts';
import { useSchemaForm } from '../../lib/use-schema-form.ts';
import { APP_VERSION } from '../../lib/app-version.ts';
import { useSendFeedback } from './feedback-api.ts';
import { errorMessage } from '../../lib/error-toast.ts';
import { imageProblemKey } from './messages.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { ChoiceField, TextField } from '../../components/form/fields.tsx';
import { Modal, ModalActions } from '../../components/modal.tsx';
import { cn } from '../../lib/cn.ts';

type Attached = { id: string; name: string; size: number; bytes: Uint8Array; file: File; preview: string };

const IMAGE_ACCEPT = 'image/png,image/jpeg';

/**
 * The Feedback dialog (docs/weekly-rhythm.md#feedback), opened from the navigation on every
 * page: an idea or an issue, its text, the sections it concerns and up to 5 images pasted,
 * dropped or chosen, each previewed and removable. Sent with the page, the app's version and
 * (by the request itself) the browser. A refusal keeps everything the founder gave.
 */
export function FeedbackDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const { t } = useTranslation('feedback');
  const { pathname } = useLocation();
  const send = useSendFeedback();
  const ids = { images: useId(), sections: useId() };
  const pickerRef = useRef<HTMLInputElement>(null);
  const [images, setImages] = useState<Attached[]>([]);
  const [dragging, setDragging] = useState(false);
  const form = useSchemaForm(FeedbackInput, { type: 'idea' as FeedbackType, content: '', sections: [] as FeedbackSection[] }, {
    toInput: (values) => ({ ...values, page: pathname, appVersion: APP_VERSION }),
    // The schema checks sections only once the other fields pass; the founder hears of both at once.
    check: ({ type, sections }) => (type === 'issue' && sections.length === 0 ? [{ path: 'sections', message: FEEDBACK_MESSAGES.section }] : []),
    onSubmit: async ({ type, content, sections }) => {
      const sent = new FormData();
      sent.append('type', type);
      sent.append('content', content);
      for (const section of sections) sent.append('sections', section);
      sent.append('page', pathname);
      sent.append('appVersion', APP_VERSION);
      for (const image of images) sent.append('images', image.file, image.name);
      await send.mutateAsync(sent);
      toast.success(t('sent.title'), { description: t('sent.body') });
      reset();
      onOpenChange(false);
    },
    // The founder keeps what they wrote and attached; the server's reasons on fields are shown there by the hook.
    onError: (error) => {
      const details = error instanceof ApiError && Array.isArray(error.details) ? (error.details as { field?: string; message?: string; file?: string }[]) : [];
      const files = details.filter((detail) => detail.field === 'images').map((detail) => ({ name: detail.file ?? '', message: detail.message ?? '' }));
      if (files.length > 0) return showInvalidFiles(files);
      toast.error(t('failed'), { description: errorMessage(error) });
    },
  });
  const { type, content, sections } = form.values;
  const errors = form.errors;

  // Previews are object URLs: freed when an image is removed or the dialog is left.
  const imagesRef = useRef(images);
  useEffect(() => {
    imagesRef.current = images;
  }, [images]);
  useEffect(() => () => imagesRef.current.forEach((image) => URL.revokeObjectURL(image.preview)), []);

  function reset() {
    images.forEach((image) => URL.revokeObjectURL(image.preview));
    setImages([]);
    form.reset();
  }

  function showInvalidFiles(problems: ImageProblem[]) {
    toast.error(t('invalidFiles'), {
      description: problems.map((problem) => t('invalidFileLine', { name: problem.name, reason: t(`fileErrors.${imageProblemKey(problem.message)}`) })).join('\n'),
    });
  }

  async function attach(files: File[]) {
    if (files.length === 0) return;
    const read = await Promise.all(files.map(async (file) => ({ name: file.name, size: file.size, bytes: new Uint8Array(await file.arrayBuffer()), file })));
    const { accepted, refused } = checkFeedbackImages(read, imagesRef.current.length);
    if (refused.length > 0) showInvalidFiles(refused);
    if (accepted.length > 0) {
      setImages((current) => [...current, ...accepted.map((image) => ({ ...image, id: crypto.randomUUID(), preview: URL.createObjectURL(image.file) }))]);
    }
  }

  function remove(image: Attached) {
    URL.revokeObjectURL(image.preview);
    setImages((current) => current.filter((item) => item.id !== image.id));
  }

  function onPaste(event: ClipboardEvent) {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    // A screenshot alone is an image to attach; text copied with a picture still pastes as text.
    if (!event.clipboardData.getData('text/plain')) event.preventDefault();
    void attach(files);
  }

  function onDrop(event: DragEvent) {
    event.preventDefault();
    setDragging(false);
    void attach([...event.dataTransfer.files]);
  }

  const full = images.length >= FEEDBACK_IMAGES_MAX;
  return (
    <Modal open={open} onOpenChange={onOpenChange} title={t('title')} description={t('description')}>
      <form noValidate onSubmit={form.handleSubmit} onPaste={onPaste} className="flex flex-col gap-5">
        <ChoiceField
          {...form.control('type')}
          name="feedback-type"
          label={t('type.label')}
          onChange={(value) => {
            form.setValue('type', value as FeedbackType);
            form.clearError('sections');
          }}
          options={FEEDBACK_TYPES.map((value) => ({ value, label: t(`type.${value}`) }))}
        />
        <TextField
          {...form.control('content')}
          multiline
          required
          label={t('content.label')}
          hint={t('content.hint')}
          count={content.length >= FEEDBACK_CONTENT_MAX * 0.8 ? { text: t('content.count', { length: content.length, max: FEEDBACK_CONTENT_MAX }), over: content.length > FEEDBACK_CONTENT_MAX } : undefined}
        />
        <fieldset aria-describedby={`${ids.sections}-hint${errors.sections ? ` ${ids.sections}-error` : ''}`} aria-invalid={errors.sections ? true : undefined}>
          <legend className="text-sm font-medium">{t('sections.label')}</legend>
          <p id={`${ids.sections}-hint`} className="mt-1 text-sm text-muted-foreground">
            {t(type === 'issue' ? 'sections.hintIssue' : 'sections.hintIdea')}
          </p>
          <div className="mt-2 grid grid-cols-1 gap-2 sm:grid-cols-2">
            {OFFERED_FEEDBACK_SECTIONS.map((section) => (
              <label
                key={section}
                className="flex min-h-11 cursor-pointer items-center gap-2 rounded-md border border-input px-3 py-2 text-sm has-[:checked]:border-primary has-[:checked]:bg-accent has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-ring"
              >
                <input
                  type="checkbox"
                  name="sections"
                  value={section}
                  checked={sections.includes(section)}
                  onChange={(event) => form.setValue('sections', event.target.checked ? [...sections, section] : sections.filter((item) => item !== section))}
                  className="size-4 accent-[var(--primary)]"
                />
                {t(`sections.${section}`)}
              </label>
            ))}
          </div>
          {errors.sections && (
            <p id={`${ids.sections}-error`} className="mt-1 text-sm text-destructive">
              {errors.sections}
            </p>
          )}
        </fieldset>
        <div
          role="group"
          aria-labelledby={`${ids.images}-label`}
          aria-describedby={`${ids.images}-hint`}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          data-testid="feedback-drop-zone"
          className={cn('rounded-md border border-dashed border-input p-4', dragging && 'border-primary bg-accent')}
        >
          <p id={`${ids.images}-label`} className="text-sm font-medium">
            {t('images.label')}
          </p>
          <p id={`${ids.images}-hint`} className="mt-1 text-sm text-muted-foreground">
            {t('images.hint', { max: FEEDBACK_IMAGES_MAX })}
          </p>
          <input
            ref={pickerRef}
            type="file"
            accept={IMAGE_ACCEPT}
            multiple
            className="sr-only"
            tabIndex={-1}
            aria-hidden="true"
            data-testid="feedback-image-picker"
            onChange={(event) => {
              void attach([...(event.target.files ?? [])]);
              event.target.value = '';
            }}
          />
          <button type="button" className={cn(buttonClass.secondary, 'mt-3')} disabled={full} onClick={() => pickerRef.current?.click()}>
            <ImagePlus aria-hidden="true" className="size-4" />
            {t('images.choose')}
          </button>
          {images.length > 0 && (
            <ul aria-label={t('images.attached', { count: images.length, max: FEEDBACK_IMAGES_MAX })} className="mt-3 flex flex-wrap gap-3">
              {images.map((image) => (
                <li key={image.id} className="relative">
                  <img src={image.preview} alt={t('images.preview', { name: image.name })} className="size-20 rounded-md border border-border object-cover" />
                  <button
                    type="button"
                    onClick={() => remove(image)}
                    aria-label={t('images.remove', { name: image.name })}
                    className={cn(buttonClass.icon, 'absolute -top-2 -right-2 size-7 rounded-full border border-border bg-background text-foreground shadow-sm')}
                  >
                    <X aria-hidden="true" className="size-4" />
                  </button>
                </li>
              ))}
            </ul>
          )}
        </div>
        <ModalActions cancel={t('cancel')} onCancel={() => onOpenChange(false)}>
          <button type="submit" className={buttonClass.primary} disabled={send.isPending} aria-busy={send.isPending || undefined}>
            {send.isPending ? t('sending') : t('send')}
          </button>
        </ModalActions>
      </form>
    </Modal>
  );
}
