/** What other features use of feedback: the founder's history of sent feedback (on the profile page). */
export { FeedbackHistory } from './feedback-history.tsx';
