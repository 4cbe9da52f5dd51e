/** What other parts use of referrals: the routes, attaching a code at sign-up, the reward at onboarding. */
export { referralRoutes } from './routes.ts';
export { attachCode, referralLinks, rewardReferral } from './service.ts';
