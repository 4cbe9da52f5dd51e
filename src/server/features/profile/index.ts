/** What other features use of the profile: reading it, an admin's onboarding reset, its source for the mentor. */
export { getMe, type Me, resetOwnOnboarding } from './service.ts';
export { profileSource } from './mentor-source.ts';
