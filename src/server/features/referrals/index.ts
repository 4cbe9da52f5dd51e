/** What other parts use of referrals: the routes, attaching a code at sign-up, the reward at onboarding, the job that sends the e-mails no request sent. */
export { referralRoutes } from './routes.ts';
export type { Inviter } from './service.ts';
export { attachCode, referralLinks, rewardReferral } from './service.ts';
export { startOwedNoticesJob } from './owed-notices-job.ts';
