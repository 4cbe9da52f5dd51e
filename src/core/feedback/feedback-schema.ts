import { z } from 'zod';
import { checkFile, type FileToCheck } from '../security/files.ts';
import { LONG_TEXT_MAX, safeText } from '../security/validate.ts';

/**
 * A founder's feedback (docs/product.md#feedback): an idea or an issue, its text, the
 * sections it concerns (an issue names at least one) and up to 5 PNG or JPEG images under
 * 5 MB each. Shared by the dialog, which checks before sending, and by POST /api/feedback.
 */
export const FEEDBACK_TYPES = ['idea', 'issue'] as const;
export type FeedbackType = (typeof FEEDBACK_TYPES)[number];

/** The product's list of affected sections, as stable keys (docs/product.md#values). */
export const FEEDBACK_SECTIONS = [
  'dashboard',
  'playbook',
  'hypothesis-validator',
  'metrics-dashboard',
  'leadership-insights',
  'growth-tools',
  'session-context',
  'automations',
  'mentor',
  'strategy',
  'reports',
  'community',
  'profile',
] as const;
export type FeedbackSection = (typeof FEEDBACK_SECTIONS)[number];

/**
 * The sections the feedback dialog offers: the app's own pages, in the order of its menu
 * (decision 254). `playbook`, `leadership-insights`, `growth-tools` and `automations` name
 * no page of the app; they stay valid keys so older feedback keeps its labels.
 */
export const OFFERED_FEEDBACK_SECTIONS = [
  'dashboard',
  'metrics-dashboard',
  'hypothesis-validator',
  'strategy',
  'mentor',
  'reports',
  'community',
  'session-context',
  'profile',
] as const satisfies readonly FeedbackSection[];

/** Where a piece of feedback stands; every new one is `received` (decision 170). */
export const FEEDBACK_STATUSES = ['received', 'reviewing', 'planned', 'done', 'declined'] as const;
export type FeedbackStatus = (typeof FEEDBACK_STATUSES)[number];

export const FEEDBACK_CONTENT_MAX = LONG_TEXT_MAX;
export const FEEDBACK_IMAGES_MAX = 5;
export const FEEDBACK_IMAGE_BYTES = 5 * 1024 * 1024;
export const FEEDBACK_IMAGE_TYPES = ['image/png', 'image/jpeg'] as const;

export const FEEDBACK_MESSAGES = {
  type: 'validation:feedback.type',
  section: 'validation:feedback.section',
  tooManyImages: `At most ${FEEDBACK_IMAGES_MAX} images`,
} as const;

/** The path the founder was on: an app path, never a URL to somewhere else. */
const appPath = z.string().max(200).regex(/^\/[^\s]*$/, 'validation:feedback.page');

export const FeedbackInput = z
  .object({
    type: z.enum(FEEDBACK_TYPES, { message: FEEDBACK_MESSAGES.type }),
    content: safeText(FEEDBACK_CONTENT_MAX),
    sections: z
      .array(z.enum(FEEDBACK_SECTIONS))
      .max(FEEDBACK_SECTIONS.length)
      .default([])
      .transform((sections) => [...new Set(sections)]),
    page: appPath,
    /** The build the browser runs, which may be older than the server's (a tab left open). */
    appVersion: z.string().max(40).regex(/^[\w.+-]+$/, 'validation:feedback.version'),
    /** Ignored: priority comes from the founder's plan, on the server (decision 273); a form that sends it is not refused. */
    priority: z.unknown().optional().transform(() => undefined),
  })
  .strict()
  .superRefine((input, ctx) => {
    if (input.type === 'issue' && input.sections.length === 0) ctx.addIssue({ code: 'custom', path: ['sections'], message: FEEDBACK_MESSAGES.section });
  });
export type FeedbackInput = z.infer<typeof FeedbackInput>;

export type ImageProblem = { name: string; message: string };
export type CheckedImage<T extends FileToCheck> = T & { mediaType: (typeof FEEDBACK_IMAGE_TYPES)[number] };

/**
 * Sorts images into the accepted and the refused, each refused one with its reason (size,
 * type by its bytes, name: docs/product.md#files); images beyond the fifth are refused as
 * too many. The dialog shows the reasons ('Invalid files'); the server refuses a request
 * with any.
 */
export function checkFeedbackImages<T extends FileToCheck>(images: readonly T[], alreadyAttached = 0) {
  const accepted: CheckedImage<T>[] = [];
  const refused: ImageProblem[] = [];
  for (const image of images) {
    const check = checkFile(image, { maxBytes: FEEDBACK_IMAGE_BYTES, allowed: FEEDBACK_IMAGE_TYPES });
    if (!check.ok) refused.push({ name: image.name, message: check.message });
    else if (alreadyAttached + accepted.length >= FEEDBACK_IMAGES_MAX) refused.push({ name: image.name, message: FEEDBACK_MESSAGES.tooManyImages });
    else accepted.push({ ...image, mediaType: check.type as CheckedImage<T>['mediaType'] });
  }
  return { accepted, refused };
}
