import { useSearchParams } from 'react-router';
import { EmailSchema } from '../../../core/auth/credentials.ts';

/** The address an invitation's link carries (`/auth?mode=sign-up&email=…`, decision 272), to fill the form in; '' when none or not an address. */
export function useInvitedEmail(): string {
  const [params] = useSearchParams();
  const parsed = EmailSchema.safeParse(params.get('email') ?? '');
  return parsed.success ? parsed.data : '';
}
