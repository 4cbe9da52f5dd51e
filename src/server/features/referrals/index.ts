/** What other parts use of referrals: the routes, attaching a code at sign-up, the reward at onboarding, the job that sends the e-mails no request sent. */
export { referralRoutes } from './routes.ts';
/** What the browser reads of referrals: the types of the answers (docs/decisions/136-one-typed-contract.md). */
export type { Inviter, ReferralCodeView, ReferredFounder } from './service.ts';
export type { ReferralNoticeView } from './notices.ts';
export type { ReferralCodes, ReferralNotices } from './routes.ts';
export { attachCode, referralLinks, rewardReferral } from './service.ts';
export { startOwedNoticesJob } from './owed-notices-job.ts';
