/** What other features use of the community: each founder's visibility and pseudonym, and how others see them. */
export { ensureMembers, memberView, memberViewColumns } from './service.ts';
