import { z } from 'zod';
import { EMAIL_MAX } from '../security/validate.ts';

/**
 * Sign-in and sign-up rules (docs/product.md#forms), shared by the /auth form and the server.
 * Messages are `validation:` keys (core/validation/, decision 236).
 */
export const PASSWORD_MIN_LENGTH = 8;
/** 254 characters (docs/product.md#input-limits); the server refuses longer ones too (src/server/auth/email-length.ts). */
export const EMAIL_MAX_LENGTH = EMAIL_MAX;

export const EmailSchema = z
  .string()
  .trim()
  .max(EMAIL_MAX_LENGTH, 'validation:email')
  .pipe(z.email('validation:email'));

export const SignInInput = z.object({
  email: EmailSchema,
  password: z.string().min(PASSWORD_MIN_LENGTH, 'validation:auth.passwordMin').max(128),
});
export type SignInInput = z.infer<typeof SignInInput>;

export const SignUpInput = SignInInput.extend({
  fullName: z.string().trim().max(200).optional(),
  termsAccepted: z.literal(true, 'validation:auth.terms'),
});
export type SignUpInput = z.infer<typeof SignUpInput>;
