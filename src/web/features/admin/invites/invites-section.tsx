import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Mail, RotateCcw, X } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { INVITE_ROLES } from '../../../../core/admin/admin-operations.ts';
import { EmailSchema } from '../../../../core/auth/credentials.ts';
import { isLanguage, LANGUAGES } from '../../../../core/i18n/language.ts';
import { buttonClass } from '../../../components/form/buttons.ts';
import { SelectField, TextField } from '../../../components/form/fields.tsx';
import { QueryStates } from '../../../components/query-states.tsx';
import { type ApiAnswer, type ApiBody, api } from '../../../lib/api-routes.ts';
import { errorMessage } from '../../../lib/error-toast.ts';
import { intlLocale } from '../../../lib/format.ts';
import { AdminSection } from '../admin-section.tsx';

const invitesKey = ['admin', 'invites'] as const;

/** An invitation write; the list reads again after it. */
function useInviteWrite<Input>(request: (input: Input) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: request, onSuccess: () => queryClient.invalidateQueries({ queryKey: invitesKey }) });
}

function InviteForm() {
  const { t, i18n } = useTranslation('admin');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<(typeof INVITE_ROLES)[number]>('user');
  const [language, setLanguage] = useState(isLanguage(i18n.language) ? i18n.language : 'en');
  const [tried, setTried] = useState(false);
  const invite = useInviteWrite((input: ApiBody<'POST /api/admin/invites'>) => api('POST /api/admin/invites', { json: input }));
  const valid = EmailSchema.safeParse(email).success;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    setTried(true);
    if (!valid) return;
    invite.mutate(
      { email: email.trim(), role, language },
      {
        onSuccess: () => {
          toast.success(t('operations.invites.sent', { email: email.trim() }));
          setEmail('');
          setTried(false);
        },
        onError: (error) => toast.error(t('operations.invites.error'), { description: errorMessage(error) }),
      },
    );
  }

  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 grid gap-3 rounded-lg border border-border p-4 md:grid-cols-[2fr_1fr_1fr_auto] md:items-end">
      <TextField label={t('operations.invites.email')} name="invite-email" type="email" autoComplete="off" required value={email} onChange={setEmail} error={tried && !valid ? t('operations.invites.invalidEmail') : undefined} />
      <SelectField
        label={t('operations.invites.role')}
        name="invite-role"
        value={role}
        onChange={(value) => setRole(value === 'admin' ? 'admin' : 'user')}
        options={INVITE_ROLES.map((value) => ({ value, label: t(`usersSection.role.${value}`) }))}
      />
      <SelectField
        label={t('operations.invites.language')}
        name="invite-language"
        value={language}
        onChange={(value) => setLanguage(isLanguage(value) ? value : 'en')}
        options={LANGUAGES.map((value) => ({ value, label: t(`operations.invites.languages.${value}`) }))}
      />
      <button type="submit" className={buttonClass.primary} disabled={invite.isPending}>
        <Mail aria-hidden="true" className="size-4" />
        {t('operations.invites.send')}
      </button>
    </form>
  );
}

function PendingInvite({ invite }: { invite: ApiAnswer<'POST /api/admin/invites'> }) {
  const { t, i18n } = useTranslation('admin');
  const day = new Intl.DateTimeFormat(intlLocale(i18n.language), { dateStyle: 'medium' });
  const resend = useInviteWrite(() => api('POST /api/admin/invites/:id/resend', { params: { id: invite.id } }));
  const revoke = useInviteWrite(() => api('DELETE /api/admin/invites/:id', { params: { id: invite.id } }));
  const outcome = (done: string) => ({
    onSuccess: () => toast.success(t(done, { email: invite.email })),
    onError: (error: Error) => toast.error(t('operations.invites.error'), { description: errorMessage(error) }),
  });
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3">
      <div className="min-w-0">
        <p className="font-medium break-all">{invite.email}</p>
        <p className="text-sm text-muted-foreground">
          {t(`usersSection.role.${invite.role}`)} · {t(`operations.invites.languages.${invite.language}`)} ·{' '}
          {t('operations.invites.sentOn', { sent: day.format(new Date(invite.sentAt)), expires: day.format(new Date(invite.expiresAt)) })}
        </p>
      </div>
      <div className="flex gap-2">
        <button type="button" className={buttonClass.secondary} disabled={resend.isPending} aria-label={t('operations.invites.resendLabel', { email: invite.email })} onClick={() => resend.mutate(undefined, outcome('operations.invites.resent'))}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('operations.invites.resend')}
        </button>
        <button type="button" className={buttonClass.secondary} disabled={revoke.isPending} aria-label={t('operations.invites.revokeLabel', { email: invite.email })} onClick={() => revoke.mutate(undefined, outcome('operations.invites.revoked'))}>
          <X aria-hidden="true" className="size-4" />
          {t('operations.invites.revoke')}
        </button>
      </div>
    </li>
  );
}

/** Invite someone by e-mail, and the invitations still pending: resend or revoke (decision 272). */
export function InvitesSection() {
  const { t } = useTranslation('admin');
  const list = useQuery({ queryKey: invitesKey, queryFn: () => api('GET /api/admin/invites') });
  return (
    <AdminSection id="admin-invites" title={t('operations.invites.title')} intro={t('operations.invites.intro')}>
      <InviteForm />
      <h3 className="mt-4 font-medium">{t('operations.invites.pending')}</h3>
      <QueryStates
        query={list}
        loading={t('operations.invites.loading')}
        failed={t('operations.invites.loadError')}
        empty={t('operations.invites.empty')}
        isEmpty={(data) => data.invites.length === 0}
        className="mt-2"
      >
        {(data) => (
          <ul aria-label={t('operations.invites.pending')} className="mt-2 divide-y divide-border">
            {data.invites.map((invite) => (
              <PendingInvite key={invite.id} invite={invite} />
            ))}
          </ul>
        )}
      </QueryStates>
    </AdminSection>
  );
}
