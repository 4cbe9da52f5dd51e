/** What other features use of gamification: points and badges (read, and refreshed after a write that earns them) and the progress card. */
export { gamificationQueryKey, gamificationQueryOptions, useGamification } from './gamification-api.ts';
export { PageWithProgress, ProgressCard } from './progress-card.tsx';
