import { z } from 'zod';
import { EmailSchema } from '../auth/credentials.ts';
import { LANGUAGES } from '../i18n/language.ts';

/**
 * The admin's operations on accounts (decisions 270–273): deleting one, a one-time
 * sign-in link, invitations, and answering feedback. Shared by the admin area's forms and
 * the routes under /api/admin.
 */

export const DELETE_REASON_MAX = 500;

/**
 * DELETE /api/admin/users/:id: the body is optional (an API client may send none). The admin
 * area sends the address typed to confirm, which must then be the account's, and why.
 */
export const AdminDeleteUserInput = z
  .object({
    email: EmailSchema.optional(),
    reason: z.string().trim().max(DELETE_REASON_MAX).optional(),
  })
  .strict();
export type AdminDeleteUserInput = z.infer<typeof AdminDeleteUserInput>;

/** A one-time sign-in link lives 15 minutes (the magic link's lifetime, decision 011). */
export const SIGN_IN_LINK_MINUTES = 15;

/** POST /api/admin/users/:id/sign-in-link: `sendEmail` also e-mails it to the founder. */
export const SignInLinkInput = z.object({ sendEmail: z.boolean().default(false) }).strict();
export type SignInLinkInput = z.infer<typeof SignInLinkInput>;

export const INVITE_ROLES = ['user', 'admin'] as const;
/** Days an invitation's admin role can still be claimed; a resend starts them again. */
export const INVITE_DAYS = 14;

/** POST /api/admin/invites: the e-mail's language defaults to the admin's own. */
export const InviteInput = z
  .object({
    email: EmailSchema,
    role: z.enum(INVITE_ROLES).default('user'),
    language: z.enum(LANGUAGES).optional(),
  })
  .strict();
export type InviteInput = z.input<typeof InviteInput>;

export const FEEDBACK_REPLY_MAX = 4000;
/** POST /api/admin/feedback/:id/replies: an answer the founder reads (and gets by e-mail). */
export const FeedbackReplyInput = z.object({ body: z.string().trim().min(1).max(FEEDBACK_REPLY_MAX) }).strict();

/** Priority support's first-reply target: 24 hours, counted on weekdays only (decision 273). */
export const PRIORITY_REPLY_HOURS = 24;

/**
 * When a priority item's first reply is due: 24 weekday hours after it was sent (UTC), so an
 * item sent on Friday afternoon is due on Monday afternoon, and one sent on Saturday on Tuesday morning.
 */
export function firstReplyDue(sentAt: Date, hours = PRIORITY_REPLY_HOURS): Date {
  const isWeekend = (date: Date) => date.getUTCDay() === 0 || date.getUTCDay() === 6;
  const nextMidnight = (date: Date) => new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth(), date.getUTCDate() + 1));
  let at = new Date(sentAt);
  let remainingMs = hours * 60 * 60 * 1000;
  for (;;) {
    if (isWeekend(at)) {
      at = nextMidnight(at);
      continue;
    }
    const dayLeft = nextMidnight(at).getTime() - at.getTime();
    if (remainingMs <= dayLeft) return new Date(at.getTime() + remainingMs);
    remainingMs -= dayLeft;
    at = nextMidnight(at);
  }
}
