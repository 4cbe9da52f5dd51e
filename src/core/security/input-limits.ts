/**
 * The input limits of docs/product.md#input-limits, apart from the validators (`validate.ts`)
 * so that a page that only shows a limit (a counter, a constant) does not load zod (decision 311).
 */
export const TEXT_MAX = 5000;
export const LONG_TEXT_MAX = 10_000;
export const TITLE_MAX = 200;
export const EMAIL_MAX = 254;
export const URL_MAX = TEXT_MAX;

export const INPUT_LIMITS = { text: TEXT_MAX, longText: LONG_TEXT_MAX, title: TITLE_MAX, email: EMAIL_MAX, url: URL_MAX } as const;
export type InputType = keyof typeof INPUT_LIMITS;
