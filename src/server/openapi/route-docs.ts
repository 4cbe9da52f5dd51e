import type { z } from 'zod';
import { CurrencyChangeInput } from '../../core/metrics/currency-change.ts';
import { WeekRecordInput } from '../../core/metrics/week-record.ts';
import { AnalyseInput, ChatInput, ConsentInput, ContextEntryFields, ContextEntryPatch, ConversationFilesFields } from '../../core/mentor/mentor-schema.ts';
import { StrategyDraftInput } from '../../core/mentor/strategy-draft.ts';
import { TaskDraftInput } from '../../core/mentor/task-draft.ts';
import { OnboardingInput } from '../../core/onboarding/onboarding-schema.ts';
import { ProfileUpdateInput } from '../../core/profile/profile-settings.ts';
import { StrategyInput } from '../../core/strategy/strategy-schema.ts';
import { CompleteTaskInput, CreateTaskInput, UpdateTaskInput } from '../../core/tasks/task-schema.ts';
import { DeleteAccountInput, RoleInput, StatusInput } from '../../core/account/account-status.ts';
import { StartImpersonationInput } from '../../core/impersonation/impersonation.ts';
import { SeenInput } from '../../core/gamification/achievements.ts';
import { FeedbackInput } from '../../core/feedback/feedback-schema.ts';
import { FeedbackNoteInput, FeedbackStatusInput } from '../../core/admin/admin-feedback.ts';

/** What the OpenAPI document says about one route: a summary and, for writes, its body. */
export type RouteDoc = {
  summary: string;
  tag: string;
  body?: z.ZodType;
  /** Content type of a body that is not JSON (CSV imports, multipart uploads). */
  bodyType?: string;
  public?: boolean;
};

/**
 * Every feature route of the app, keyed `METHOD /path` as Hono registers it. A test
 * compares this list with the routes the app really serves, so a new route cannot
 * ship undocumented and a removed one cannot linger here.
 */
export const ROUTE_DOCS: Record<string, RouteDoc> = {
  'GET /api/health': { summary: 'Liveness and the database driver in use', tag: 'system', public: true },
  'GET /api/openapi.json': { summary: 'This document', tag: 'system', public: true },
  'GET /api/auth-providers': { summary: 'Which sign-in buttons to show: { google, oidc: { id, name } | null }', tag: 'auth', public: true },
  'GET /api/session': { summary: 'Session validity poll, with the impersonation when an admin views as a founder (401 SESSION_EXPIRED / SESSION_TERMINATED / IMPERSONATION_ENDED when ended)', tag: 'auth' },
  'POST /api/impersonation': {
    summary: 'Admin: view the app as a founder ({ targetUserId, password? }; fresh session or password; 3 per hour; 60 minutes; read only) → { adminUserId, targetUserId, targetUserRole, startedAt, expiresAt }',
    tag: 'admin',
    body: StartImpersonationInput,
  },
  'DELETE /api/impersonation': { summary: 'End the impersonation and return to the admin’s own session (also after it expired)', tag: 'admin' },
  'GET /api/admin/overview': { summary: 'Admin: platform counts (403 FORBIDDEN for non-admins)', tag: 'admin' },
  'GET /api/admin/audit-logs': {
    summary: 'Admin: audit log rows newest first, with severity (?actorId, ?targetUserId, ?event, ?severity, ?from/?to UTC days ≤ 91 apart, default the last 91 days, ?page, ?limit ≤ 200) → { entries, total, page, limit }',
    tag: 'admin',
  },
  'GET /api/admin/audit-logs/export': { summary: 'Admin: the same rows as streamed CSV (formula-safe cells; same filters and bounded range; audited)', tag: 'admin' },
  'GET /api/admin/users': {
    summary: 'Admin: a page of accounts with role, status, tier, onboarding and last activity (?search e-mail or name, ?tier, ?role, ?status, ?onboarded, ?signedUpFrom/To, ?activeWithinDays, ?inactiveForDays, ?sort, ?order, ?page, ?limit ≤ 100) → { users, total, page, limit }',
    tag: 'admin',
  },
  'GET /api/admin/users/:userId': { summary: 'Admin: one account: profile, counts of use (no content), last sign-ins, the audit trail about it', tag: 'admin' },
  'POST /api/admin/users/:userId/resend-confirmation': { summary: 'Admin: send the sign-up confirmation e-mail again (unconfirmed, active accounts; audited; 10 per hour)', tag: 'admin' },
  'GET /api/admin/analytics': {
    summary: 'Admin: sign-ups per day, daily and weekly active founders, the onboarding funnel, tiers, feature use and weekly retention cohorts (?from, ?to UTC days, ≤ 366)',
    tag: 'admin',
  },
  'GET /api/admin/feedback': { summary: 'Admin: the feedback inbox, newest first, with founder, page, version, images and internal notes (?status, ?type, ?page, ?limit ≤ 100)', tag: 'admin' },
  'PUT /api/admin/feedback/:id/status': { summary: 'Admin: move a feedback item to a status; the founder sees it beside their message', tag: 'admin', body: FeedbackStatusInput },
  'POST /api/admin/feedback/:id/notes': { summary: 'Admin: add an internal note (never shown to the founder)', tag: 'admin', body: FeedbackNoteInput },
  'GET /api/admin/feedback/:id/images/:imageId': { summary: 'Admin: redirect to a short-lived link to a feedback image', tag: 'admin' },
  'PUT /api/admin/users/:userId/role': { summary: 'Admin: assign a role (audited, 5 per hour)', tag: 'admin', body: RoleInput },
  'PUT /api/admin/users/:userId/status': {
    summary: 'Admin: suspend or reactivate a founder ({ status: "suspended" | "active" }; audited, 10 per hour; suspension ends every session)',
    tag: 'admin',
    body: StatusInput,
  },
  'POST /api/account/delete': {
    summary: 'Delete your account ({ email } typed to confirm): marked deleted, data kept, every session ended, no more e-mail or sign-in',
    tag: 'profile',
    body: DeleteAccountInput,
  },
  'GET /api/account/trusted-devices': {
    summary: 'The browsers trusted to skip the two-step check ({ devices: [{ id, userAgent, trustedAt, expiresAt, current }] })',
    tag: 'profile',
  },
  'DELETE /api/account/trusted-devices/:id': { summary: 'Forget a trusted browser: its next sign-in asks for the code again (audited)', tag: 'profile' },
  'GET /api/me': { summary: 'The signed-in founder’s profile, trial and role', tag: 'profile' },
  'PATCH /api/me': { summary: 'Update profile fields and settings (sanitised)', tag: 'profile', body: ProfileUpdateInput },
  'POST /api/onboarding': { summary: 'Submit the four onboarding steps', tag: 'profile', body: OnboardingInput },
  'POST /api/onboarding/reset': { summary: 'Admins: mark their own onboarding not completed, answers kept', tag: 'profile' },
  'POST /api/ai/consent': { summary: 'Grant or revoke AI consent ({ granted }); answers the profile', tag: 'ai', body: ConsentInput },
  'GET /api/geo': { summary: 'The caller’s country from their address ({ country }, null when unknown)', tag: 'profile' },
  'GET /api/metrics/weeks': { summary: 'Every recorded week, newest first', tag: 'metrics' },
  'PUT /api/metrics/weeks/:year/:week': { summary: 'Record or replace an ISO week (older than the last 4: tier 2)', tag: 'metrics', body: WeekRecordInput },
  'DELETE /api/metrics/weeks/:year/:week': { summary: 'Delete a week (older than the last 4: tier 2)', tag: 'metrics' },
  'GET /api/metrics/summary': { summary: 'Latest computed metrics, series (?range=12w|6m|1y|all, default 1y) and targets', tag: 'metrics' },
  'GET /api/metrics/benchmarks': { summary: 'Tier 2: which quarter of 5+ anonymous peers, from a daily snapshot', tag: 'metrics' },
  'GET /api/metrics/export.csv': { summary: 'Every week as CSV', tag: 'metrics' },
  'POST /api/metrics/import': { summary: 'Tier 2: import weeks from CSV, all or nothing', tag: 'metrics', bodyType: 'text/csv' },
  'POST /api/metrics/currency': { summary: 'Change the currency: relabel, or convert every past amount at a rate > 0 (1 old = rate new), in one transaction, recorded', tag: 'metrics', body: CurrencyChangeInput },
  'GET /api/metrics/currency-changes': { summary: "The founder's currency changes, newest first", tag: 'metrics' },
  'POST /api/mentor/chat': { summary: 'Ask the mentor; streams the AI SDK UI message stream (403 AI_CONSENT_REQUIRED / AI_DISABLED)', tag: 'ai', body: ChatInput },
  'GET /api/mentor/conversations': { summary: 'The founder’s conversations, newest first', tag: 'ai' },
  'GET /api/mentor/conversations/:id': { summary: 'One conversation with its messages', tag: 'ai' },
  'DELETE /api/mentor/conversations/:id': { summary: 'Delete a conversation', tag: 'ai' },
  'POST /api/mentor/conversations/:id/analyse': { summary: 'Turn a conversation into insights saved as an AI context entry', tag: 'ai', body: AnalyseInput },
  'POST /api/mentor/conversations/files': {
    summary: 'Upload files (multipart: files, language) into a new conversation; stored as an AI context entry (403 AI_CONSENT_REQUIRED / AI_DISABLED)',
    tag: 'ai',
    body: ConversationFilesFields,
    bodyType: 'multipart/form-data',
  },
  'POST /api/mentor/conversations/:id/files': {
    summary: 'Upload files (multipart: files, language) into a conversation; refused files are listed in skipped, the rest kept',
    tag: 'ai',
    body: ConversationFilesFields,
    bodyType: 'multipart/form-data',
  },
  'POST /api/mentor/task-draft': { summary: 'A task draft for the Tasks form (model or playbook)', tag: 'ai', body: TaskDraftInput },
  'POST /api/mentor/strategy-draft': { summary: 'A strategy suggestion for the Strategy builder: core problem, maximas, statement (model or playbook)', tag: 'ai', body: StrategyDraftInput },
  'GET /api/context': { summary: 'The founder’s AI context entries', tag: 'ai' },
  'POST /api/context': { summary: 'Add an entry (multipart: type, description, files; or JSON without files)', tag: 'ai', body: ContextEntryFields, bodyType: 'multipart/form-data' },
  'PATCH /api/context/:id': { summary: 'Edit an entry, add or remove files', tag: 'ai', body: ContextEntryPatch },
  'DELETE /api/context/:id': { summary: 'Delete an entry and its files', tag: 'ai' },
  'GET /api/context/:id/files/:fileId': { summary: 'Redirect to a 60-second signed download (owner only)', tag: 'ai' },
  'GET /api/files/:ticket': { summary: 'A signed download of a stored file (local storage)', tag: 'ai' },
  'GET /api/me/gamification': { summary: 'Points, level, streak, badges and the points ledger', tag: 'gamification' },
  'POST /api/me/gamification/seen': { summary: 'Mark unlocked badges as announced', tag: 'gamification', body: SeenInput },
  'POST /api/tasks': { summary: 'Create a hypothesis-driven task (ICE scored; Idempotency-Key header dedupes; 10 tasks made an hour, 429 beyond)', tag: 'tasks', body: CreateTaskInput },
  'GET /api/tasks': { summary: 'List tasks (?status=active|done)', tag: 'tasks' },
  'GET /api/tasks/:id': { summary: 'One task', tag: 'tasks' },
  'PATCH /api/tasks/:id': { summary: 'Edit an active task', tag: 'tasks', body: UpdateTaskInput },
  'POST /api/tasks/:id/complete': { summary: 'Complete a task with notes', tag: 'tasks', body: CompleteTaskInput },
  'DELETE /api/tasks/:id': { summary: 'Delete a task', tag: 'tasks' },
  'GET /api/strategy': { summary: 'The current strategy and its version (0 before the first save)', tag: 'strategy' },
  'PUT /api/strategy': { summary: 'Save a new strategy version', tag: 'strategy', body: StrategyInput },
  'GET /api/strategy/versions': { summary: 'Every saved strategy version', tag: 'strategy' },
  'POST /api/strategy/versions/:version/restore': { summary: 'Restore a version as a new version', tag: 'strategy' },
  'POST /api/feedback': {
    summary: 'Send feedback (multipart: type, content, sections (repeated), page, appVersion, images ≤ 5 PNG/JPEG < 5 MB; or JSON without images); any refused image refuses it all',
    tag: 'feedback',
    body: FeedbackInput,
    bodyType: 'multipart/form-data',
  },
  'GET /api/feedback': { summary: 'The founder’s feedback, newest first, with its status and images', tag: 'feedback' },
  'GET /api/feedback/:id': { summary: 'One piece of the founder’s feedback', tag: 'feedback' },
  'GET /api/feedback/:id/images/:imageId': { summary: 'Redirect to a 60-second signed download of one image (owner only)', tag: 'feedback' },
  'GET /api/reminders/unsubscribe': { summary: 'The weekly e-mails’ unsubscribe link (?token= signed): a page that asks, changing nothing (400 for a forged token)', tag: 'profile', public: true },
  'POST /api/reminders/unsubscribe': {
    summary: 'One-click unsubscribe (?token= signed; RFC 8058 List-Unsubscribe-Post, or the page’s button): turns the weekly reminders off; a forged or altered token changes nothing (400)',
    tag: 'profile',
    public: true,
  },
};

/**
 * Better Auth serves these under its /api/auth/* wildcard (docs/accounts.md); they
 * are listed by hand because the app sees only the wildcard.
 */
export const AUTH_ROUTE_DOCS: Record<string, RouteDoc> = {
  'POST /api/auth/sign-up/email': { summary: 'Create an account (email, password, name, termsAccepted: true)', tag: 'auth', public: true },
  'POST /api/auth/sign-in/email': { summary: 'Sign in with e-mail and password', tag: 'auth', public: true },
  'GET /api/auth/get-session': { summary: 'The current session and user, or null', tag: 'auth', public: true },
  'POST /api/auth/sign-out': { summary: 'End the current session', tag: 'auth' },
  'POST /api/auth/sign-in/magic-link': { summary: 'E-mail a one-time sign-in link ({ email, callbackURL })', tag: 'auth', public: true },
  'GET /api/auth/magic-link/verify': { summary: 'The magic link itself (?token=…)', tag: 'auth', public: true },
  'POST /api/auth/request-password-reset': { summary: 'E-mail a password reset link ({ email, redirectTo })', tag: 'auth', public: true },
  'POST /api/auth/reset-password': { summary: 'Set a new password ({ token, newPassword })', tag: 'auth', public: true },
  'GET /api/auth/verify-email': { summary: 'The confirmation link (?token=…)', tag: 'auth', public: true },
  'POST /api/auth/send-verification-email': { summary: 'Send the confirmation e-mail again', tag: 'auth', public: true },
  'POST /api/auth/sign-in/social': { summary: 'Start Google or OIDC sign-in ({ provider, callbackURL })', tag: 'auth', public: true },
  'POST /api/auth/two-factor/enable': { summary: 'Start TOTP enrolment ({ password }) → { totpURI, backupCodes }', tag: 'auth' },
  'POST /api/auth/two-factor/verify-totp': { summary: 'Verify a TOTP code ({ code })', tag: 'auth' },
  'POST /api/auth/two-factor/verify-backup-code': { summary: 'Use a backup code ({ code })', tag: 'auth' },
  'POST /api/auth/two-factor/generate-backup-codes': { summary: 'New backup codes ({ password })', tag: 'auth' },
  'POST /api/auth/two-factor/disable': { summary: 'Turn two-step verification off ({ password })', tag: 'auth' },
};
