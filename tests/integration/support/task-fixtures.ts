/** A task body that passes every rule (POST /api/tasks). */
export const validTask = {
  hypothesis: 'Onboarding calls in week one cut churn',
  whyRelevant: 'Churn is our biggest leak',
  targetValue: 0.03,
  metric: 'churnRate',
  impact: 8,
  confidence: 6,
  ease: 5,
};
