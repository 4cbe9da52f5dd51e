import { cn } from '../../lib/cn.ts';
import { buttonClass } from '../../components/form/buttons.ts';
import { ShieldCheck } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { authClient } from '../../lib/auth-client.ts';
import { authErrorKey } from './auth-errors.ts';
import { PrimaryButton, TextField } from '../../components/form/form-parts.tsx';
import { z } from 'zod';
import { useSchemaForm } from '../../lib/use-schema-form.ts';

const typed = z.string().transform((code) => code.replace(/\s+/g, ''));
/** The authenticator's six digits. */
const TotpInput = z.object({ code: typed.pipe(z.string().regex(/^\d{6}$/, 'auth:errors.invalidCode')), trustDevice: z.boolean() });
/** Backup codes are upper case (src/server/auth/backup-codes.ts); a code typed in lower case still counts. */
const BackupInput = z.object({ code: typed.transform((code) => code.toUpperCase()).pipe(z.string().min(6, 'auth:errors.invalidCode')), trustDevice: z.boolean() });

/**
 * The second step of a password sign-in for an account with two-step verification:
 * the authenticator's current code, or one of the backup codes.
 */
export function TwoFactorChallenge({ onVerified, onCancel }: { onVerified: () => void; onCancel: () => void }) {
  const { t } = useTranslation('auth');
  const [useBackup, setUseBackup] = useState(false);
  const form = useSchemaForm<typeof TotpInput | typeof BackupInput, { code: string; trustDevice: boolean }>(
    useBackup ? BackupInput : TotpInput,
    { code: '', trustDevice: false },
    {
      // Trusting the device is ended by signing out here, by a new password, or from the security page (decision 102).
      onSubmit: async ({ code, trustDevice }) => {
        const { error: failure } = useBackup
          ? await authClient.twoFactor.verifyBackupCode({ code, trustDevice })
          : await authClient.twoFactor.verifyTotp({ code, trustDevice });
        if (failure) {
          const key = authErrorKey('two-factor', failure);
          form.showIssues([{ path: 'code', message: `auth:${key}` }]);
          if (key === 'errors.challengeExpired' || key === 'errors.tooManyAttempts') toast.error(t('toast.signInError'), { description: t(key) });
          return;
        }
        onVerified();
      },
    },
  );

  return (
    <form noValidate onSubmit={form.handleSubmit} className="flex flex-col gap-4" aria-labelledby="two-factor-title">
      <div className="flex items-center gap-2">
        <ShieldCheck aria-hidden="true" className="size-5 text-primary" />
        <h2 id="two-factor-title" className="text-lg font-semibold">
          {t('twoFactor.title')}
        </h2>
      </div>
      <p className="text-sm text-muted-foreground">{t(useBackup ? 'twoFactor.backupIntro' : 'twoFactor.intro')}</p>
      <TextField
        key={useBackup ? 'backup' : 'totp'}
        label={t(useBackup ? 'fields.backupCode' : 'fields.twoFactorCode')}
        {...form.control('code')}
        autoComplete="one-time-code"
        inputMode={useBackup ? 'text' : 'numeric'}
        maxLength={useBackup ? 32 : 6}
        autoFocus
        required
      />
      <label className="flex items-start gap-2 text-sm">
        <input name="trustDevice" type="checkbox" checked={form.values.trustDevice} onChange={form.control('trustDevice').onChange} className="mt-0.5 size-4" />
        <span>
          {t('twoFactor.trustDevice')}
          <span className="block text-muted-foreground">{t('twoFactor.trustDeviceHint')}</span>
        </span>
      </label>
      <PrimaryButton pending={form.submitting}>{form.submitting ? t('submit.pending') : t('twoFactor.verify')}</PrimaryButton>
      <div className="flex flex-wrap justify-between gap-2 text-sm">
        <button
          type="button"
          onClick={() => {
            setUseBackup(!useBackup);
            form.reset({ code: '', trustDevice: form.values.trustDevice });
          }}
          className={buttonClass.link}
        >
          {t(useBackup ? 'twoFactor.useApp' : 'twoFactor.useBackup')}
        </button>
        <button type="button" onClick={onCancel} className={cn(buttonClass.link, 'text-muted-foreground')}>
          {t('twoFactor.cancel')}
        </button>
      </div>
    </form>
  );
}
