import type { toast as sonnerToast } from 'sonner';

/**
 * sonner's `toast`, loaded when a toast is first raised. What the signed-in pages' first load
 * imports raises toasts only on events (a sign-out, an expired session, a badge earned), so
 * sonner (about 9 kB compressed) arrives with the Toaster, once the browser is idle
 * (src/web/app/providers.tsx), not with the first screen's code; sonner shows a toast raised
 * before its Toaster mounts once it does.
 */
type Toast = typeof sonnerToast;
type Kind = 'success' | 'error' | 'info';

function later<K extends Kind>(kind: K) {
  return (...args: Parameters<Toast[K]>): void => {
    void import('sonner').then(({ toast }) => (toast[kind] as (...raised: Parameters<Toast[K]>) => unknown)(...args));
  };
}

export const toast = { success: later('success'), error: later('error'), info: later('info') };
