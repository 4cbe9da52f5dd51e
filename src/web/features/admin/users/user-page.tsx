import { ArrowLeft, type LucideIcon, MailCheck, Shield } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { toast } from 'sonner';
import { buttonClass } from '../../../components/form/buttons.ts';
import { useSession } from '../../../lib/auth-client.ts';
import { errorMessage } from '../../../lib/error-toast.ts';
import { AuditTable } from '../audit/audit-table.tsx';
import { StatusButton } from './status-button.tsx';
import { type UserDetail, useAdminUser, useResendConfirmation, useSetRole } from './users-api.ts';
import { useDay } from './users-section.tsx';
import { ViewAsButton } from './view-as-button.tsx';
import { SubscriptionDetails } from './subscription-button.tsx';
import { DeleteUserButton } from './delete-user-button.tsx';
import { SignInLinkButton } from './sign-in-link-button.tsx';

const PROFILE_FIELDS = ['email', 'fullName', 'nickname', 'startupName', 'industry', 'startupPhase', 'teamSize', 'country', 'preferredLanguage'] as const;
/** Fields stored as a key, shown by the label the founder picked it by (never `mvp` or `2-5`). */
const LABELLED_FIELDS: Partial<Record<(typeof PROFILE_FIELDS)[number], string>> = {
  startupPhase: 'profile:options.phase',
  teamSize: 'profile:options.teamSize',
  preferredLanguage: 'common:language',
};
const ACTIVITY_FIELDS = ['metricWeeks', 'tasksCreated', 'tasksDone', 'strategySaves', 'mentorConversations', 'mentorQuestions', 'contextEntries', 'activeDays'] as const;

function Facts({ title, rows }: { title: string; rows: [string, string | number][] }) {
  return (
    <section className="rounded-lg border border-border p-4">
      <h2 className="font-medium">{title}</h2>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
        {rows.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-muted-foreground">{label}</dt>
            <dd className="break-all tabular-nums">{value}</dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type Outcome = { onSuccess: () => void; onError: (error: Error) => void };

/** A button that runs one action on the account and says in a toast how it went. */
function ActionButton({ icon: Icon, label, pending, done, failed, run }: { icon: LucideIcon; label: string; pending: boolean; done: string; failed: string; run: (outcome: Outcome) => void }) {
  return (
    <button
      type="button"
      className={buttonClass.secondary}
      disabled={pending}
      onClick={() => run({ onSuccess: () => toast.success(done), onError: (error) => toast.error(failed, { description: errorMessage(error) }) })}
    >
      <Icon aria-hidden="true" className="size-4" />
      {label}
    </button>
  );
}

/** Assign role, resend the confirmation, view as, suspend, a sign-in link, delete: what an admin can do to this account. */
function Actions({ detail }: { detail: UserDetail }) {
  const { t } = useTranslation('admin');
  const session = useSession();
  const setRole = useSetRole();
  const resend = useResendConfirmation();
  const { profile } = detail;
  const self = session.data?.user.id === profile.id;
  const nextRole = profile.role === 'admin' ? 'user' : 'admin';
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      {self ? null : (
        <ActionButton
          icon={Shield}
          label={t(`userPage.makeRole.${nextRole}`)}
          pending={setRole.isPending}
          done={t('userPage.roleChanged')}
          failed={t('userPage.roleError')}
          run={(outcome) => setRole.mutate({ userId: profile.id, role: nextRole }, outcome)}
        />
      )}
      {profile.emailVerified || profile.status !== 'active' ? null : (
        <ActionButton
          icon={MailCheck}
          label={t('userPage.resend')}
          pending={resend.isPending}
          done={t('userPage.resent')}
          failed={t('userPage.resendError')}
          run={(outcome) => resend.mutate({ userId: profile.id }, outcome)}
        />
      )}
      {profile.role === 'admin' || profile.status === 'deleted' ? null : (
        <>
          <ViewAsButton user={profile} />
          <StatusButton user={profile} />
        </>
      )}
      {profile.status === 'active' && !self ? <SignInLinkButton user={profile} /> : null}
      {self ? null : <DeleteUserButton user={profile} />}
    </div>
  );
}

/** /admin/users/:userId: one account (decision 200). Counts of use only: never a founder's content. */
export function UserPage() {
  const { t } = useTranslation(['admin', 'profile']);
  const { userId = '' } = useParams();
  const user = useAdminUser(userId);
  const day = useDay();
  if (user.isPending) return <p className="mt-6 text-sm text-muted-foreground">{t('usersSection.loading')}</p>;
  if (user.isError) return <p className="mt-6 text-sm text-destructive">{t('userPage.loadError')}</p>;
  const { profile, activity, referrals, signIns, audit } = user.data;
  const none = (value: string | null) => value ?? '—';
  const shown = (field: (typeof PROFILE_FIELDS)[number]) => {
    const value = profile[field];
    const labels = LABELLED_FIELDS[field];
    return value && labels ? t(`${labels}.${value}`, { defaultValue: value }) : none(value);
  };
  return (
    <div className="mt-6">
      <Link to="/admin" className={buttonClass.ghost}>
        <ArrowLeft aria-hidden="true" className="size-4" />
        {t('userPage.back')}
      </Link>
      <h2 className="mt-2 text-xl font-semibold break-all">{profile.fullName ?? profile.email}</h2>
      <p className="text-sm text-muted-foreground">
        {t(`usersSection.role.${profile.role}`)} · {t(`usersSection.status.${profile.status}`)} · {t(`usersSection.filters.tier.${profile.userTier}`)}
      </p>
      <Actions detail={user.data} />
      <div className="mt-4 grid gap-4 md:grid-cols-2">
        <Facts
          title={t('userPage.profile')}
          rows={[
            ...PROFILE_FIELDS.map((field): [string, string] => [t(`userPage.fields.${field}`), shown(field)]),
            [t('userPage.fields.emailVerified'), t(`userPage.yesNo.${profile.emailVerified}`)],
            [t('userPage.fields.twoFactorEnabled'), t(`userPage.yesNo.${profile.twoFactorEnabled}`)],
            [t('usersSection.columns.onboarded'), t(`userPage.yesNo.${profile.onboardingCompleted}`)],
            [t('usersSection.columns.signedUp'), day(profile.createdAt)],
            [t('userPage.fields.referredBy'), none(referrals.referredBy)],
            [t('userPage.fields.referredCount'), referrals.referredCount],
          ]}
        />
        <Facts
          title={t('userPage.activity')}
          rows={[...ACTIVITY_FIELDS.map((field): [string, number] => [t(`userPage.counts.${field}`), activity[field]]), [t('usersSection.columns.lastActive'), day(activity.lastActiveDay)]]}
        />
      </div>
      <section className="mt-4 rounded-lg border border-border p-4">
        <h2 className="font-medium">{t('userPage.subscription')}</h2>
        <div className="mt-2">
          <SubscriptionDetails userId={profile.id} />
        </div>
      </section>
      <section className="mt-4 rounded-lg border border-border p-4">
        <h2 className="font-medium">{t('userPage.signIns')}</h2>
        {signIns.length === 0 ? (
          <p className="mt-2 text-sm text-muted-foreground">{t('userPage.noSignIns')}</p>
        ) : (
          <ul className="mt-2 space-y-1 text-sm">
            {signIns.map((signIn) => (
              <li key={signIn.at}>
                {day(signIn.at)} <span className="text-muted-foreground break-all">{signIn.userAgent}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section className="mt-4">
        <h2 className="font-medium">{t('userPage.audit')}</h2>
        {audit.length === 0 ? <p className="mt-2 text-sm text-muted-foreground">{t('userPage.noAudit')}</p> : <AuditTable entries={audit} />}
      </section>
    </div>
  );
}
