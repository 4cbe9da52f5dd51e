/**
 * The query the founder lands on after opening an admin's link: their next page says so.
 * Apart from the admin's schemas, which the signed-in pages' first load must not bring (zod).
 */
export const ADMIN_SIGN_IN_NOTICE_PARAM = 'signed_in_by_admin';
