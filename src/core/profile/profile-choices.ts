/**
 * The choices a founder's profile offers, apart from its schemas (`profile-fields.ts`) so that
 * a page that lists them (the community's phase filter) does not load zod (decision 311).
 */
export const TEAM_SIZES = ['1', '2-5', '5-10', '11+'] as const;
export const STARTUP_PHASES = ['mvp', 'early-growth', 'scaling'] as const;
export const FOUNDER_TYPES = ['technical', 'business', 'vibe-coder', 'others'] as const;
