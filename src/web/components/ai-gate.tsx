import { useQueryClient } from '@tanstack/react-query';
import { Dialog } from 'radix-ui';
import { type ReactNode, useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ApiError } from '../lib/api-client.ts';
import { api } from '../lib/api-routes.ts';
import { showErrorToast } from '../lib/error-toast.ts';
import { buttonClass } from './form/buttons.ts';

type Ask = { kind: 'consent' | 'enable'; retry: () => Promise<void> };

/**
 * Every AI action runs through `guard`: when the server answers AI_CONSENT_REQUIRED or
 * AI_DISABLED, a dialog asks the founder, saves the answer and retries the original
 * action (docs/product.md#ai-consent). Other errors are the caller's.
 */
async function runGuarded<T>(action: () => Promise<T>, setAsk: (ask: Ask) => void): Promise<T | undefined> {
  try {
    return await action();
  } catch (error) {
    if (error instanceof ApiError && (error.code === 'AI_CONSENT_REQUIRED' || error.code === 'AI_DISABLED')) {
      const kind = error.code === 'AI_CONSENT_REQUIRED' ? 'consent' : 'enable';
      setAsk({ kind, retry: async () => void (await runGuarded(action, setAsk)) });
      return undefined;
    }
    throw error;
  }
}

export function useAiGate() {
  const [ask, setAsk] = useState<Ask | null>(null);
  const queryClient = useQueryClient();
  const guard = useCallback(<T,>(action: () => Promise<T>) => runGuarded(action, setAsk), []);

  const dialog = (
    <AiGateDialog
      ask={ask}
      onClose={() => setAsk(null)}
      onAccepted={async () => {
        await queryClient.invalidateQueries({ queryKey: ['me'] });
      }}
    />
  );
  return { guard, dialog };
}

function AiGateDialog({ ask, onClose, onAccepted }: { ask: Ask | null; onClose: () => void; onAccepted: () => Promise<void> }) {
  const { t } = useTranslation('mentor');
  const [saving, setSaving] = useState(false);

  async function accept() {
    const pending = ask;
    if (!pending) return;
    setSaving(true);
    try {
      if (pending.kind === 'consent') {
        await api('POST /api/ai/consent', { json: { granted: true } });
      } else {
        await api('PATCH /api/me', { json: { aiAssistanceEnabled: true } });
      }
    } catch (error) {
      showErrorToast(error, t(pending.kind === 'consent' ? 'consent.saveFailed' : 'consent.enableFailed'));
      setSaving(false);
      return;
    }
    setSaving(false);
    onClose();
    await onAccepted();
    toast.success(t(pending.kind === 'consent' ? 'consent.granted' : 'consent.enabled'));
    try {
      await pending.retry();
    } catch (error) {
      showErrorToast(error);
    }
  }

  const kind = ask?.kind ?? 'consent';
  return (
    <Dialog.Root open={ask !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-40 bg-black/50" />
        <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(32rem,92vw)] -translate-x-1/2 -translate-y-1/2 rounded-lg border border-border bg-background p-6 shadow-xl">
          <Dialog.Title className="text-lg font-semibold">{t(`${kind === 'consent' ? 'consent' : 'enable'}.title`)}</Dialog.Title>
          <Dialog.Description className="mt-2 text-sm text-muted-foreground">{t(`${kind === 'consent' ? 'consent' : 'enable'}.body`)}</Dialog.Description>
          <div className="mt-6 flex flex-wrap justify-end gap-2">
            <Dialog.Close className="h-10 rounded-md border border-input px-4 text-sm">{t('consent.notNow')}</Dialog.Close>
            <button
              type="button"
              disabled={saving}
              onClick={accept}
              className={buttonClass.primary}
            >
              {t(`${kind === 'consent' ? 'consent' : 'enable'}.accept`)}
            </button>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}

export type AiGate = { guard: <T>(action: () => Promise<T>) => Promise<T | undefined>; dialog: ReactNode };
