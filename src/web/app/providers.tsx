import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTheme } from './theme.ts';

/**
 * What wraps every page, in the browser (main.tsx) and at prerender time
 * (entry-server.tsx). TanStack Query's provider wraps only the signed-in area
 * (src/web/app/query.tsx), so the public pages do not download it.
 */

/** sonner is loaded apart from the entry chunk: the public pages never show a toast. */
const Toaster = lazy(async () => ({ default: (await import('sonner')).Toaster }));

/** True once the browser is idle after hydration; the toaster is never prerendered. */
function useIdle() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 2000 });
      return () => window.cancelIdleCallback(handle);
    }
    const timer = window.setTimeout(() => setIdle(true), 200);
    return () => window.clearTimeout(timer);
  }, []);
  return idle;
}

/**
 * Toasts raised before it mounts are not lost: sonner replays them on subscribe.
 * Top-centre keeps them off the header actions at the right and off the chat
 * composer at the bottom; the labels screen readers hear are translated.
 */
function ThemedToaster() {
  const [theme] = useTheme();
  const { t } = useTranslation('common');
  const idle = useIdle();
  if (!idle) return null;
  return (
    <Suspense fallback={null}>
      <Toaster
        theme={theme}
        richColors
        closeButton
        position="top-center"
        containerAriaLabel={t('toasts.region')}
        toastOptions={{ closeButtonAriaLabel: t('toasts.close') }}
      />
    </Suspense>
  );
}

/**
 * Sets `<html data-ready>` once the app has hydrated (or rendered) in the browser.
 * Prerendered pages show before their script runs, so a test that clicks or types
 * must wait for it (`page.locator('html[data-ready]').waitFor()`); a real click that
 * early is simply a click on the static page.
 */
function ReadyMarker() {
  useEffect(() => {
    document.documentElement.dataset.ready = 'true';
  }, []);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <ThemedToaster />
      <ReadyMarker />
    </>
  );
}
