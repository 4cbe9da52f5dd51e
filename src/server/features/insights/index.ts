/** What other features use of insights: the founder's insights this week (the Monday e-mail), and the answer's type. */
export { founderInsights, type InsightsAnswer } from './service.ts';
