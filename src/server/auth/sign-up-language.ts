import { isLanguage, type Language } from '../../core/i18n/language.ts';
import { requestLanguage } from './account-emails.ts';

type HookContext = { body?: unknown; request?: Request; headers?: Headers } | null | undefined;

/**
 * The language a new account is saved with (decision 242): the one the sign-up page was in
 * (`language` in the e-mail sign-up's body), else the request's (the language cookie, then the
 * browser's Accept-Language), which is all a magic link or a Google/OIDC callback carries. The
 * founder's e-mails and reports follow it from the first; the founder can change it any time.
 */
export function signUpLanguage(context: HookContext): Language {
  const fromPage = (context?.body as { language?: unknown } | undefined)?.language;
  if (isLanguage(fromPage)) return fromPage;
  const headers = context?.request?.headers ?? context?.headers;
  return requestLanguage(headers ? { headers } : undefined);
}
