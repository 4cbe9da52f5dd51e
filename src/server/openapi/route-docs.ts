import type { z } from 'zod';
import { CurrencyChangeInput } from '../../core/metrics/currency-change.ts';
import { StripeApplyInput, StripeKeyInput } from '../../core/metrics/stripe-import.ts';
import { WeekRecordInput } from '../../core/metrics/week-record.ts';
import { AnalyseInput, ChatInput, ConsentInput, ContextEntryFields, ContextEntryPatch, ConversationFilesFields } from '../../core/mentor/mentor-schema.ts';
import { StrategyDraftInput } from '../../core/mentor/strategy-draft.ts';
import { TaskDraftInput } from '../../core/mentor/task-draft.ts';
import { OnboardingDraftInput } from '../../core/onboarding/onboarding-draft.ts';
import { OnboardingInput } from '../../core/onboarding/onboarding-schema.ts';
import { ProfileUpdateInput } from '../../core/profile/profile-settings.ts';
import { StrategyInput } from '../../core/strategy/strategy-schema.ts';
import { CompleteTaskInput, CreateTaskInput, UpdateTaskInput } from '../../core/tasks/task-schema.ts';
import { DeleteAccountInput, RoleInput, StatusInput } from '../../core/account/account-status.ts';
import { FeatureFlagInput } from '../../core/flags/feature-flags.ts';
import { AcknowledgeAlertInput } from '../../core/admin/security-alerts.ts';
import { StartImpersonationInput } from '../../core/impersonation/impersonation.ts';
import { SeenInput } from '../../core/gamification/achievements.ts';
import { FeedbackInput } from '../../core/feedback/feedback-schema.ts';
import { EndPremiumInput, PortalInput, SwitchPlanInput, UpgradeInput } from '../../core/subscription/subscription-input.ts';
import { ChatMessageInput, ChatReadInput, ChatReportInput, DirectMessagesInput, StartConversationInput, VisibilityInput } from '../../core/community/community.ts';
import { PeriodInput, SectionsInput, SendInput } from '../../core/reports/investor-update.ts';
import { AcceptPolishInput, PolishInput } from '../../core/reports/polish-check.ts';
import { ScenarioDraftsInput } from '../../core/reports/scenario-drafts.ts';
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
  'GET /api/session/admin': { summary: "The admin's validity poll (validate_admin_session): still an admin, account active, not idle 30 minutes; a failure ends the session (401 SESSION_TERMINATED with details.reason)", tag: 'auth' },
  'GET /api/session': { summary: 'Session validity poll, with the impersonation when an admin views as a founder (401 SESSION_EXPIRED / SESSION_TERMINATED / IMPERSONATION_ENDED when ended)', tag: 'auth' },
  'POST /api/impersonation': {
    summary: 'Admin: view the app as a founder ({ targetUserId, password? }; fresh session or password; 3 per hour; 60 minutes; read only) → { adminUserId, targetUserId, targetUserRole, startedAt, expiresAt }',
    tag: 'admin',
    body: StartImpersonationInput,
  },
  'DELETE /api/impersonation': { summary: 'End the impersonation and return to the admin’s own session (also after it expired)', tag: 'admin' },
  'GET /api/admin/overview': { summary: 'Admin: platform counts (403 FORBIDDEN for non-admins)', tag: 'admin' },
  'GET /api/admin/users/:userId/subscription': {
    summary: 'Admin, read only: a founder’s subscription as they see it and its whole event history (who, what, when, from where)',
    tag: 'admin',
  },
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
  'GET /api/admin/telemetry': { summary: "This instance's requests, errors, p95 latency, job runs, memory and pool over the last hour or day (range=hour|day)", tag: 'admin' },
  'GET /api/admin/analytics': {
    summary: 'Admin: sign-ups per day, daily and weekly active founders, the onboarding funnel, tiers, feature use and weekly retention cohorts (?from, ?to UTC days, ≤ 366)',
    tag: 'admin',
  },
  'GET /api/admin/feedback': { summary: 'Admin: the feedback inbox, newest first, with founder, page, version, images and internal notes (?status, ?type, ?page, ?limit ≤ 100)', tag: 'admin' },
  'PUT /api/admin/feedback/:id/status': { summary: 'Admin: move a feedback item to a status; the founder sees it beside their message', tag: 'admin', body: FeedbackStatusInput },
  'POST /api/admin/feedback/:id/notes': { summary: 'Admin: add an internal note (never shown to the founder)', tag: 'admin', body: FeedbackNoteInput },
  'GET /api/admin/chat-reports': { summary: 'Admin: chat reports, newest first, with the message as reported, its author, the reporter and the reason (?state=open|resolved, ?page, ?limit ≤ 100)', tag: 'admin' },
  'POST /api/admin/chat-reports/:id/dismiss': { summary: 'Admin: dismiss the report (the message stays); closes every open report of that message; audited', tag: 'admin' },
  'POST /api/admin/chat-reports/:id/remove': { summary: 'Admin: remove the reported message for everyone, live; closes every open report of that message; audited', tag: 'admin' },
  'GET /api/admin/security-alerts': { summary: 'Admin: security alerts raised by the job, open first, newest first', tag: 'admin' },
  'POST /api/admin/security-alerts/scan': { summary: 'Admin: run the security alerts scan now (idempotent); answers how many alerts were new', tag: 'admin' },
  'POST /api/admin/security-alerts/:id/acknowledge': { summary: 'Admin: acknowledge an alert with an optional note; audited', tag: 'admin', body: AcknowledgeAlertInput },
  'GET /api/admin/feature-flags': { summary: 'Admin: every feature flag with its rollout percentage and override list (e-mails)', tag: 'admin' },
  'PUT /api/admin/feature-flags/:name': { summary: 'Admin: set a flag’s rollout (0–100 %) and override list; audited', tag: 'admin', body: FeatureFlagInput },
  'GET /api/admin/feedback/:id/images/:imageId': { summary: 'Admin: redirect to a short-lived link to a feedback image', tag: 'admin' },
  'PUT /api/admin/users/:userId/role': { summary: 'Admin: assign a role (audited, 5 per hour)', tag: 'admin', body: RoleInput },
  'PUT /api/admin/users/:userId/status': {
    summary: 'Admin: suspend or reactivate a founder ({ status: "suspended" | "active" }; audited, 10 per hour; suspension ends every session)',
    tag: 'admin',
    body: StatusInput,
  },
  'POST /api/account/delete': {
    summary: 'Delete your account ({ email } typed to confirm): marked deleted, data kept and unlinked, every session ended, no more e-mail or sign-in; the address may sign up again as a new account',
    tag: 'profile',
    body: DeleteAccountInput,
  },
  'GET /api/account/export': {
    summary: 'Download all your data as a zip: profile, metrics CSV, tasks, strategy versions, AI context entries and files, mentor conversations, README (audited; 5 per hour; not while viewing as a founder)',
    tag: 'profile',
  },
  'GET /api/account/trusted-devices': {
    summary: 'The browsers trusted to skip the two-step check ({ devices: [{ id, userAgent, trustedAt, expiresAt, current }] })',
    tag: 'profile',
  },
  'DELETE /api/account/trusted-devices/:id': { summary: 'Forget a trusted browser: its next sign-in asks for the code again (audited)', tag: 'profile' },
  'GET /api/subscription': {
    summary: 'Your plan: phase (trialing, free, premium), plan, period, scheduled end, trial days left, prices, the upgrade bonus and the latest changes',
    tag: 'subscription',
  },
  'POST /api/subscription/upgrade': {
    summary: 'Upgrade to Premium ({ plan: "monthly" | "annual", returnUrl? } on this origin): local provider at once (+50 points once ever), Stripe → { redirectUrl } to Checkout',
    tag: 'subscription',
    body: UpgradeInput,
  },
  'POST /api/subscription/plan': { summary: 'Switch monthly ⇄ annual from the next renewal ({ plan })', tag: 'subscription', body: SwitchPlanInput },
  'POST /api/subscription/downgrade': {
    summary: 'Downgrade to Free ({ when: "now" | "period-end" }; Premium kept until the period ends; 409 NOT_SUBSCRIBED on Free)',
    tag: 'subscription',
    body: EndPremiumInput,
  },
  'POST /api/subscription/cancel': { summary: 'Cancel Premium ({ when: "now" | "period-end" }; as a downgrade)', tag: 'subscription', body: EndPremiumInput },
  'POST /api/subscription/reactivate': { summary: 'Undo a scheduled downgrade or cancellation before the period ends', tag: 'subscription' },
  'POST /api/subscription/checkout/:sessionId': { summary: 'Stripe: apply a completed Checkout session of yours on return (404 for anyone else’s, and with the local provider)', tag: 'subscription' },
  'GET /api/subscription/invoices': { summary: 'Stripe: your invoices ({ invoices }); empty with the local provider', tag: 'subscription' },
  'POST /api/subscription/portal': { summary: 'Stripe: a Customer Portal link to manage the card and invoices ({ returnUrl? } on this origin) → { url }', tag: 'subscription', body: PortalInput },
  'POST /api/webhooks/stripe': {
    summary: 'Stripe’s signed webhooks (checkout.session.completed, customer.subscription.*, invoice.paid / payment_failed): applied once per event id, in any order; 400 and audited without a valid Stripe-Signature; 404 without Stripe configured',
    tag: 'subscription',
    bodyType: 'application/json',
    public: true,
  },
  'GET /api/feature-flags': { summary: 'The signed-in founder’s feature flags, each on or off (cohort from their id and the flag’s name)', tag: 'profile' },
  'GET /api/me': { summary: 'The signed-in founder’s profile, trial and role', tag: 'profile' },
  'PATCH /api/me': { summary: 'Update profile fields and settings (sanitised)', tag: 'profile', body: ProfileUpdateInput },
  'POST /api/onboarding': { summary: 'Submit the four onboarding steps', tag: 'profile', body: OnboardingInput },
  'GET /api/onboarding/draft': { summary: 'The founder’s half-filled onboarding → { draft: { step, answers } } or { draft: null } (none, or onboarding completed)', tag: 'profile' },
  'PUT /api/onboarding/draft': {
    summary: 'Save the half-filled onboarding ({ step, answers }: known fields only, strings or booleans, bounded) → { draft }; ignored with { draft: null } once onboarding is completed; cleared on submit',
    tag: 'profile',
    body: OnboardingDraftInput,
  },
  'POST /api/onboarding/reset': { summary: 'Admins: mark their own onboarding not completed, answers kept', tag: 'profile' },
  'POST /api/ai/consent': { summary: 'Grant or revoke AI consent ({ granted }); answers the profile', tag: 'ai', body: ConsentInput },
  'GET /api/geo': { summary: 'The caller’s country from their address ({ country }, null when unknown)', tag: 'profile' },
  'GET /api/metrics/weeks': { summary: 'Every recorded week, newest first', tag: 'metrics' },
  'PUT /api/metrics/weeks/:year/:week': { summary: 'Record or replace an ISO week (older than the last 4: tier 2)', tag: 'metrics', body: WeekRecordInput },
  'DELETE /api/metrics/weeks/:year/:week': { summary: 'Delete a week (older than the last 4: tier 2)', tag: 'metrics' },
  'GET /api/metrics/summary': { summary: 'Latest computed metrics, series (?range=12w|6m|1y|all, default 1y) and targets', tag: 'metrics' },
  'GET /api/metrics/benchmarks': { summary: 'Tier 2: which quarter of 5+ anonymous peers, from a daily snapshot', tag: 'metrics' },
  'GET /api/metrics/export.csv': { summary: 'Every week as CSV', tag: 'metrics' },
  'POST /api/metrics/import': { summary: 'Tier 2: import weeks from CSV, all or nothing; columns matched by name in English or Spanish, dates, ISO weeks or months', tag: 'metrics', bodyType: 'text/csv' },
  'POST /api/metrics/currency': { summary: 'Change the currency: relabel, or convert every past amount at a rate > 0 (1 old = rate new), in one transaction, recorded', tag: 'metrics', body: CurrencyChangeInput },
  'GET /api/metrics/currency-changes': { summary: "The founder's currency changes, newest first", tag: 'metrics' },
  'GET /api/metrics/stripe': { summary: 'The import from Stripe: whether it is on, and the founder’s connection (progress, weeks found, last sync)', tag: 'metrics' },
  'PUT /api/metrics/stripe': { summary: 'Tier 2: connect Stripe with a restricted read-only key (202; reading starts in the background)', tag: 'metrics', body: StripeKeyInput },
  'POST /api/metrics/stripe/apply': { summary: 'Tier 2: save the weeks the reading found', tag: 'metrics', body: StripeApplyInput },
  'DELETE /api/metrics/stripe': { summary: 'Disconnect Stripe: the stored key is deleted, saved weeks stay', tag: 'metrics' },
  'POST /api/mentor/chat': { summary: 'Ask the mentor; streams the AI SDK UI message stream (403 AI_CONSENT_REQUIRED / AI_DISABLED)', tag: 'ai', body: ChatInput },
  'GET /api/mentor/status': { summary: 'Whether the offline mentor answers (no AI provider configured)', tag: 'ai' },
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
  'GET /api/community/me': { summary: 'The founder’s community visibility, how others see them now, their pseudonym and tier', tag: 'community' },
  'PUT /api/community/visibility': { summary: 'Set visibility: public (tier 2), anonymous or hidden; applies everywhere at once', tag: 'community', body: VisibilityInput },
  'PUT /api/community/direct-messages': { summary: 'Allow or refuse new direct messages ({ allow }; allowed until the founder says otherwise)', tag: 'community', body: DirectMessagesInput },
  'GET /api/community/ledger': { summary: 'The founder’s points ledger, newest first (?page=, 20 a page)', tag: 'community' },
  'GET /api/community/feed': { summary: 'Community milestones (achievements unlocked), as each founder’s visibility allows (?page=)', tag: 'community' },
  'GET /api/community/leaderboard': { summary: 'Tier 2: top 50 by ledger points (?period=week|month|all&phase=) and the founder’s own rank', tag: 'community' },
  'GET /api/community/mentions': { summary: 'Tier 2: the latest 20 chat messages naming the founder (@name or @#pseudonym) that they can still see, and how many are unread', tag: 'community' },
  'POST /api/community/mentions/read': { summary: 'Tier 2: mark the founder’s mentions read', tag: 'community' },
  'GET /api/community/rooms': { summary: 'Tier 2: the chat rooms with the founder’s unread count in each (up to 100)', tag: 'community' },
  'PUT /api/community/rooms/:room/read': { summary: 'Tier 2: the founder has read the room up to { lastReadId } (never moves back)', tag: 'community', body: ChatReadInput },
  'GET /api/community/rooms/:room/messages': { summary: 'Tier 2: a chat room’s history, newest first, 50 before ?before= (general, mvp, early-growth, scaling)', tag: 'community' },
  'POST /api/community/rooms/:room/messages': { summary: 'Tier 2: post { body } (≤ 10,000 characters, sanitised; 30 a minute, 429 with Retry-After)', tag: 'community', body: ChatMessageInput },
  'GET /api/community/rooms/:room/stream': { summary: 'Tier 2: the room live as server-sent events (message, removed, ready); Last-Event-ID or ?after= replays what was missed', tag: 'community' },
  'GET /api/community/conversations': { summary: 'Tier 2: the founder’s direct conversations, latest first, each with the other founder as their visibility allows now and the unread count', tag: 'community' },
  'GET /api/community/conversations/stream': { summary: 'Tier 2: server-sent events `conversation` ({ id }) whenever a message in one of the founder’s conversations changes, so unread counts move live', tag: 'community' },
  'POST /api/community/conversations': {
    summary: 'Tier 2: open (or find) a direct conversation with the founder a { contact } from a room or list names; 404 for a hidden founder, 403 when either refuses direct messages or a block stands',
    tag: 'community',
    body: StartConversationInput,
  },
  'PUT /api/community/conversations/:id/read': { summary: 'Tier 2: the founder has read the conversation up to { lastReadId } (never moves back); 404 for anyone but its two founders', tag: 'community', body: ChatReadInput },
  'GET /api/community/conversations/:id/messages': { summary: 'Tier 2: a conversation’s history, newest first, 50 before ?before=; 404 for anyone but its two founders', tag: 'community' },
  'POST /api/community/conversations/:id/messages': {
    summary: 'Tier 2: write { body } in a conversation (≤ 10,000 characters, sanitised; 30 a minute with room messages, 429 with Retry-After; 403 when either refuses direct messages or a block stands)',
    tag: 'community',
    body: ChatMessageInput,
  },
  'GET /api/community/conversations/:id/stream': { summary: 'Tier 2: the conversation live as server-sent events (message, removed, ready), to its two founders only; Last-Event-ID or ?after= replays what was missed', tag: 'community' },
  'PATCH /api/community/messages/:id': { summary: 'Edit one’s own message ({ body }); 404 for anyone else’s', tag: 'community', body: ChatMessageInput },
  'DELETE /api/community/messages/:id': { summary: 'Delete one’s own message; 404 for anyone else’s', tag: 'community' },
  'POST /api/community/messages/:id/report': { summary: 'Report a message to the admins with { reason } (spam, abuse, off-topic, other); its text is kept with the report', tag: 'community', body: ChatReportInput },
  'POST /api/community/messages/:id/block-author': { summary: 'Block the message’s author: their messages disappear for you', tag: 'community' },
  'GET /api/me/gamification': { summary: 'Points, level, streak, badges and the points ledger', tag: 'gamification' },
  'POST /api/me/gamification/seen': { summary: 'Mark unlocked badges as announced', tag: 'gamification', body: SeenInput },
  'POST /api/tasks': { summary: 'Create a hypothesis-driven task (ICE scored; Idempotency-Key header dedupes; 10 tasks made an hour, 429 beyond)', tag: 'tasks', body: CreateTaskInput },
  'GET /api/tasks': { summary: 'List tasks (?status=active|done)', tag: 'tasks' },
  'GET /api/insights': { summary: 'The founder’s insights this week (at most three, most urgent first): runway under its target, a metric newly off target, churn rising, growth stalling, a completed task’s metric moving, last week not recorded', tag: 'metrics' },
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
  'GET /api/referrals': {
    summary: 'The founder’s referral codes, newest first, with status (available, pending, rewarded), dates and who used each as their community visibility allows',
    tag: 'referrals',
  },
  'GET /api/referrals/notices': { summary: 'The founder’s notices of rewarded referrals not yet dismissed, newest first', tag: 'referrals' },
  'POST /api/referrals/notices/:id/dismiss': { summary: 'Dismiss one of the founder’s referral notices (204); another founder’s is 404', tag: 'referrals' },
  'POST /api/referrals': { summary: 'Create a referral code (+5 points); 409 REFERRAL_CODE_LIMIT with 10 unused codes', tag: 'referrals' },
  'GET /api/referrals/:code': { summary: 'One of the founder’s referral codes; another founder’s is 404', tag: 'referrals' },
  'GET /api/referrals/invites/:code': { summary: 'Who invites (first name) for a code that can still be used; 404 for any other', tag: 'referrals', public: true },
  'GET /api/feedback': { summary: 'The founder’s feedback, newest first, with its status and images', tag: 'feedback' },
  'GET /api/feedback/:id': { summary: 'One piece of the founder’s feedback', tag: 'feedback' },
  'GET /api/reports/investor-updates': { summary: 'The founder’s investor updates, newest first', tag: 'reports' },
  'POST /api/reports/investor-updates': { summary: 'Tier 2: draft an investor update for a period ({ fromWeek, toWeek } as YYYY-Www) from the founder’s records → 201 { id, markdown, kpis, sections }', tag: 'reports', body: PeriodInput },
  'GET /api/reports/investor-updates/:id': { summary: 'One update, its latest version', tag: 'reports' },
  'PUT /api/reports/investor-updates/:id': { summary: 'Save edited sections as the next version', tag: 'reports', body: SectionsInput },
  'GET /api/reports/investor-updates/:id/versions': { summary: 'Every saved version, newest first', tag: 'reports' },
  'GET /api/reports/investor-updates/:id/pdf': { summary: 'The update as a PDF', tag: 'reports' },
  'POST /api/reports/investor-updates/:id/polish': { summary: 'Tier 2, AI: the model’s polished wording of the version the founder sees, never saved → { basedOn, sections, flags, model }; flags are numbers not found in the update or its records (decision 215); 503 AI_MODEL_OFF with the offline mentor', tag: 'reports', body: PolishInput },
  'POST /api/reports/investor-updates/:id/polish/accept': { summary: 'Save an accepted proposal as the next version; refused (sections.<key>: reports.validation.unverifiedNumber) while a number is still unverified', tag: 'reports', body: AcceptPolishInput },
  'POST /api/reports/investor-updates/:id/share': { summary: 'A read-only link that opens signed out, expiring in 30 days → 201 { url, expiresAt }', tag: 'reports' },
  'POST /api/reports/investor-updates/:id/send': { summary: 'E-mail the update to up to 50 investors, each with a share link of their own; an update without data is not sent', tag: 'reports', body: SendInput },
  'DELETE /api/reports/investor-updates/:id/share': { summary: 'Revoke the update’s links (they answer 410)', tag: 'reports' },
  'GET /api/reports/scenarios': { summary: 'Tier 2: the founder’s runway scenarios as last saved (numbers as typed), or null before the first save', tag: 'reports' },
  'PUT /api/reports/scenarios': { summary: 'Tier 2: replace the founder’s runway scenarios (at most 4, 12 changes each)', tag: 'reports', body: ScenarioDraftsInput },
  'GET /api/reports/investors': { summary: 'The addresses the founder last sent an investor update to', tag: 'reports' },
  'GET /api/reports/shared/:token': { summary: 'A shared update, read-only HTML; 410 once expired or revoked', tag: 'reports', public: true },
  'GET /api/feedback/:id/images/:imageId': { summary: 'Redirect to a 60-second signed download of one image (owner only)', tag: 'feedback' },
  'GET /api/tours': { summary: 'The guided tours the founder has seen or skipped, and whether a section’s tour starts by itself', tag: 'tours' },
  'PUT /api/tours/:tour': { summary: 'Mark one guided tour seen (idempotent); 204', tag: 'tours' },
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
