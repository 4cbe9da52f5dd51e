import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Navigate, useSearchParams } from 'react-router';
import { sanitizeDeep } from '../../../core/security/sanitize.ts';
import { Logo } from '../../components/logo.tsx';
import { ThemeToggle } from '../../components/theme-toggle.tsx';
import { api } from '../../lib/api-routes.ts';
import { useSession } from '../../lib/auth-client.ts';
import { type Me, meQueryKey, useMe } from '../../lib/get-me.ts';
import { ProfileLanguageSwitcher } from '../profile/index.ts';
import { SignOutButton } from '../../components/sign-out-button.tsx';
import { type Answers, type Draft, useAutosavedDraft, useSavedOnboardingDraft } from '../../lib/onboarding-draft.ts';
import { Welcome } from './welcome.tsx';
import { useFeatureFlags } from '../flags/index.ts';
import { initialDraft, OnboardingForm, variantOf } from './onboarding-form.tsx';

/** The saved draft over the defaults, so a field the draft lacks still has its default. */
function resumedDraft(saved: Draft | null, me: Me | undefined): Draft {
  const fresh = initialDraft(me);
  return saved ? { step: saved.step, answers: { ...fresh.answers, ...saved.answers } } : fresh;
}

/**
 * The 4-step onboarding (docs/product.md#onboarding) for the signed-in founder. Once submitted, the welcome
 * shows at /onboarding?welcome, so a reload shows it again; a founder who completed
 * onboarding and comes back to /onboarding goes to the Overview.
 */
export function OnboardingPage() {
  const userId = useSession().data?.user.id ?? '';
  const me = useMe(userId);
  const [searchParams, setSearchParams] = useSearchParams();
  const [completed, setCompleted] = useState<Me | null>(null);
  const welcomed = completed ?? (searchParams.has('welcome') && me.data?.onboardingCompleted ? me.data : null);

  if (welcomed) return <OnboardingFrame><Welcome name={welcomed.nickname ?? welcomed.fullName} /></OnboardingFrame>;
  if (me.data?.onboardingCompleted) return <Navigate to="/overview" replace />;
  return (
    <OnboardingFrame>
      <ResumedOnboardingForm
        userId={userId}
        me={me.data}
        onCompleted={(updated) => {
          setCompleted(updated);
          setSearchParams({ welcome: '' }, { replace: true });
        }}
      />
    </OnboardingFrame>
  );
}

type FormProps = { userId: string; me: Me | undefined; onCompleted: (me: Me) => void };

/**
 * Waits for the saved draft (read in parallel with the profile) so the form starts where the
 * founder left it, on this device or another; without one (or when it cannot be read) it
 * starts from the profile.
 */
function ResumedOnboardingForm(props: FormProps) {
  const saved = useSavedOnboardingDraft(props.userId);
  if (saved.isPending && saved.fetchStatus !== 'idle') return null;
  return <FounderOnboardingForm {...props} initial={resumedDraft(saved.data?.draft ?? null, props.me)} />;
}

function OnboardingFrame({ children }: { children: React.ReactNode }) {
  return (
    <div className="flex min-h-dvh flex-col">
      <header className="flex flex-wrap items-center justify-between gap-2 border-b border-border px-4 py-2">
        <Logo to="/onboarding" />
        <div className="flex flex-wrap items-center justify-end gap-2">
          <ProfileLanguageSwitcher />
          <ThemeToggle />
          <SignOutButton compact className="h-9 px-2 sm:px-3" />
        </div>
      </header>
      <main id="main" className="flex-1 px-4 py-8 sm:py-12">
        {children}
      </main>
    </div>
  );
}

/**
 * The shared form (decision 217) as a founder gets it: the draft saves itself on the server,
 * the variant follows their flags, and Finish sends the answers.
 */
function FounderOnboardingForm({ userId, initial, onCompleted }: FormProps & { initial: Draft }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useAutosavedDraft(initial);
  const flags = useFeatureFlags();
  const submit = async (answers: Answers) => {
    // The answers are the form's strings as typed (the body type is the parsed one): sent as text, the server checks them.
    const updated = await api('POST /api/onboarding', { init: { body: JSON.stringify(sanitizeDeep(answers)) } });
    // The server cleared the draft with the submission.
    queryClient.setQueryData(meQueryKey(userId), updated);
    onCompleted(updated);
  };
  // Wait for the flags so the founder never sees the steps reorder under them.
  if (flags.isPending && flags.fetchStatus !== 'idle') return null;
  return <OnboardingForm draft={draft} setDraft={setDraft} variant={variantOf(flags.data)} submit={submit} />;
}
