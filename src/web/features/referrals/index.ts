/** What other features use of referrals: the notices of rewards earned (the overview). */
export { ReferralNotices } from './referral-notices.tsx';
