/** What other features use of the subscription: the plan's view and its calls (the public pricing page), and the upgrade prompt on Premium features. */
export { type SubscriptionView, subscriptionIfSignedIn, upgrade } from './subscription-calls.ts';
export { UpgradePrompt } from './upgrade-prompt.tsx';
