/** What other features use of the mentor: whether a model answers (the reports' polishing). */
export { mentorStatusQuery } from './mentor-status.ts';
