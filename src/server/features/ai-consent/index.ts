/** What other features use of AI consent: the check before anything reaches the mentor. */
export { requireAiAllowed } from './service.ts';
