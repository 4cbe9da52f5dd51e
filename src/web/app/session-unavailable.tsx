import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonClass } from '../components/form/buttons.ts';

/** How often the session is asked again while the server cannot be reached. */
const RETRY_EVERY_MS = 3_000;

/**
 * The session could not be read (no network, the server busy or restarting): that is not
 * "signed out", so the founder is not sent to sign in and loses nothing. The check is asked
 * again by itself every few seconds, or now with the button (docs/decisions/232-session-unreachable.md).
 */
export function SessionUnavailable({ retry }: { retry: () => void }) {
  const { t } = useTranslation('session');
  useEffect(() => {
    const timer = setInterval(retry, RETRY_EVERY_MS);
    return () => clearInterval(timer);
  }, [retry]);
  return (
    <main className="mx-auto flex max-w-md flex-col items-center gap-4 px-4 py-24 text-center">
      <h1 className="text-2xl font-semibold">{t('unreachable.title')}</h1>
      <p role="status" className="text-muted-foreground">
        {t('unreachable.description')}
      </p>
      <button type="button" className={buttonClass.primary} onClick={() => retry()}>
        {t('unreachable.retry')}
      </button>
    </main>
  );
}
