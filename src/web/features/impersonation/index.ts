/** What other features use of impersonation: whether an admin is viewing as a founder, starting and ending it. */
export { useImpersonation, useReturnToAdmin, useStartImpersonation } from './use-impersonation.ts';
