/**
 * The query the founder lands on after opening an admin's link: their next page says so.
 * Apart from the admin operations' schemas: every signed-in page reads it, and it must not
 * bring zod into their first load (decision 311).
 */
export const ADMIN_SIGN_IN_NOTICE_PARAM = 'signed_in_by_admin';
