import { Check, Copy, Download, ShieldCheck, ShieldOff } from 'lucide-react';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { z } from 'zod';
import { authClient, useSession } from '../../../lib/auth-client.ts';
import { PrimaryButton, SecondaryButton, TextField } from '../../../components/form/form-parts.tsx';
import { useSchemaForm } from '../../../lib/use-schema-form.ts';

type PasswordAction = 'enable' | 'disable' | 'codes';
type Step =
  | { name: 'idle' }
  | { name: 'password'; action: PasswordAction }
  | { name: 'scan'; qr: string; secret: string; backupCodes: string[] }
  | { name: 'backup'; codes: string[] };

type Failure = { status?: number; code?: string } | null;

/** The password is judged by the auth service alone; the authenticator's code is six digits. */
const PasswordInput = z.object({ value: z.string() });
const CodeInput = z.object({ value: z.string().trim().regex(/^\d{6}$/, 'twoFactor:errors.code') });

function errorKey(error: Failure): string {
  if (error?.code === 'INVALID_PASSWORD') return 'errors.password';
  if (error?.code === 'TOTP_CODE_ALREADY_USED') return 'errors.codeUsed';
  if (error?.code === 'INVALID_CODE') return 'errors.code';
  return 'errors.generic';
}

/** Whether the account has a password (magic-link and OAuth accounts may not). */
function useHasPassword(userId: string | undefined) {
  const [hasPassword, setHasPassword] = useState<boolean | null>(null);
  useEffect(() => {
    if (!userId) return;
    let current = true;
    void authClient.listAccounts().then(({ data }) => {
      if (current) setHasPassword(Boolean(data?.some((account) => account.providerId === 'credential')));
    });
    return () => {
      current = false;
    };
  }, [userId]);
  return hasPassword;
}

function BackupCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('twoFactor');
  const [copied, setCopied] = useState(false);
  const text = codes.join('\n');
  return (
    <div className="flex flex-col gap-4" role="region" aria-labelledby="backup-title">
      <h3 id="backup-title" className="font-semibold">
        {t('backupTitle')}
      </h3>
      <p className="text-sm text-muted-foreground">{t('backupIntro')}</p>
      <ul aria-label={t('backupTitle')} className="grid grid-cols-2 gap-2 rounded-md bg-muted p-4 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <div className="flex flex-wrap gap-2">
        <SecondaryButton
          onClick={() => {
            void navigator.clipboard?.writeText(text).then(() => setCopied(true));
          }}
        >
          {copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
          {copied ? t('copied') : t('copyCodes')}
        </SecondaryButton>
        <a
          href={`data:text/plain;charset=utf-8,${encodeURIComponent(`${text}\n`)}`}
          download="rumbo-backup-codes.txt"
          className="inline-flex h-11 items-center gap-2 rounded-md border border-input bg-background px-4 font-medium hover:bg-muted"
        >
          <Download aria-hidden="true" className="size-4" />
          {t('download')}
        </a>
        <PrimaryButton type="button" onClick={onDone}>
          {t('done')}
        </PrimaryButton>
      </div>
    </div>
  );
}

/**
 * Two-step verification settings (TOTP with Better Auth's two-factor plugin): turn on
 * by scanning a QR code (or typing the key) and confirming one code, save the backup
 * codes, make new ones, or turn it off. Every change asks for the password first.
 * Self-contained: drop it on any signed-in page.
 */
export function TwoFactorSettings() {
  const { t } = useTranslation('twoFactor');
  const session = useSession();
  const user = session.data?.user as { id: string; twoFactorEnabled?: boolean | null } | undefined;
  const enabled = Boolean(user?.twoFactorEnabled);
  const hasPassword = useHasPassword(user?.id);
  const [step, setStep] = useState<Step>({ name: 'idle' });
  // One field per step (the password, then the code), checked by the step's rule; the service's refusals show under it.
  const form = useSchemaForm<typeof PasswordInput | typeof CodeInput, { value: string }>(step.name === 'scan' ? CodeInput : PasswordInput, { value: '' }, {
    onSubmit: async ({ value }) => {
      if (step.name === 'password') await withPassword(step.action, value.trim());
      else if (step.name === 'scan') await verify(step.backupCodes, value);
    },
  });
  const refuse = (failure: Failure) => form.showIssues([{ path: 'value', message: `twoFactor:${errorKey(failure)}` }]);
  const goTo = (next: Step) => {
    setStep(next);
    form.reset();
  };
  const reset = () => goTo({ name: 'idle' });

  async function withPassword(action: PasswordAction, password: string) {
    if (action === 'enable') {
      const { data, error: failure } = await authClient.twoFactor.enable({ password });
      if (!data || !('totpURI' in data)) return refuse(failure);
      const secret = new URL(data.totpURI).searchParams.get('secret') ?? '';
      const qr = await QRCode.toDataURL(data.totpURI, { margin: 1, width: 200 });
      goTo({ name: 'scan', qr, secret, backupCodes: data.backupCodes });
    } else if (action === 'disable') {
      const { error: failure } = await authClient.twoFactor.disable({ password });
      if (failure) return refuse(failure);
      await session.refetch();
      toast.success(t('disabled'));
      reset();
    } else {
      const { data, error: failure } = await authClient.twoFactor.generateBackupCodes({ password });
      if (!data) return refuse(failure);
      toast.success(t('codesRegenerated'));
      goTo({ name: 'backup', codes: data.backupCodes });
    }
  }

  async function verify(backupCodes: string[], code: string) {
    const { error: failure } = await authClient.twoFactor.verifyTotp({ code });
    if (failure) return refuse(failure);
    await session.refetch();
    toast.success(t('enabled'));
    goTo({ name: 'backup', codes: backupCodes });
  }

  return (
    <section aria-labelledby="two-factor-heading" className="flex flex-col gap-4 rounded-lg border border-border p-5">
      <div className="flex items-start gap-3">
        {enabled ? <ShieldCheck aria-hidden="true" className="size-6 text-primary" /> : <ShieldOff aria-hidden="true" className="size-6 text-muted-foreground" />}
        <div>
          <h2 id="two-factor-heading" className="text-lg font-semibold">
            {t('title')}
          </h2>
          <p className="text-sm text-muted-foreground" aria-live="polite">
            {session.isPending ? t('loading') : t(enabled ? 'statusOn' : 'statusOff')}
          </p>
        </div>
      </div>

      {hasPassword === false && !enabled && <p className="text-sm">{t('noPassword')}</p>}

      {step.name === 'idle' && hasPassword && (
        <div className="flex flex-wrap gap-2">
          {enabled ? (
            <>
              <SecondaryButton onClick={() => goTo({ name: 'password', action: 'codes' })}>{t('newBackupCodes')}</SecondaryButton>
              <SecondaryButton onClick={() => goTo({ name: 'password', action: 'disable' })}>{t('turnOff')}</SecondaryButton>
            </>
          ) : (
            <PrimaryButton type="button" onClick={() => goTo({ name: 'password', action: 'enable' })}>
              {t('turnOn')}
            </PrimaryButton>
          )}
        </div>
      )}

      {step.name === 'password' && (
        <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-3">
          <TextField label={t('password')} hint={t('passwordHint')} {...form.control('value')} type="password" autoComplete="current-password" autoFocus required />
          <div className="flex flex-wrap gap-2">
            <PrimaryButton pending={form.submitting}>{t('continue')}</PrimaryButton>
            <SecondaryButton onClick={reset}>{t('cancel')}</SecondaryButton>
          </div>
        </form>
      )}

      {step.name === 'scan' && (
        <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4">
          <p className="text-sm">{t('scan')}</p>
          <img src={step.qr} alt={t('qrAlt')} width={200} height={200} className="rounded-md bg-white p-2" />
          <div className="flex flex-col gap-1">
            <p className="text-sm">{t('manual')}</p>
            <code data-testid="totp-secret" className="break-all rounded-md bg-muted px-3 py-2 font-mono text-sm">
              {/* Groups of four, as authenticator apps show and accept them. */}
              {step.secret.match(/.{1,4}/g)?.join(' ')}
            </code>
          </div>
          <p className="text-sm">{t('enterCode')}</p>
          <TextField label={t('code')} {...form.control('value')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} required />
          <div className="flex flex-wrap gap-2">
            <PrimaryButton pending={form.submitting}>{t('verify')}</PrimaryButton>
            <SecondaryButton onClick={reset}>{t('cancel')}</SecondaryButton>
          </div>
        </form>
      )}

      {step.name === 'backup' && <BackupCodes codes={step.codes} onDone={reset} />}
    </section>
  );
}
