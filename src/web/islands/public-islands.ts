import { isLanguage } from '../../core/i18n/language.ts';
import { NEXT_THEME, readTheme, setTheme, type Theme } from '../app/theme-store.ts';
import { billingButtonClass } from '../features/marketing/cta-class.ts';
import { rotatingWordClass, startRotation } from '../features/marketing/rotation.ts';
import { rememberLanguage } from '../i18n/remember-language.ts';

/**
 * The prerendered public pages' script (decision 284). Their HTML is the whole page, so
 * React does not hydrate it: these few listeners give its interactive parts their
 * behaviour, on the markup the React components rendered (they carry the `data-` hooks
 * used here). Links are plain links: the next page is prerendered too, or an app page
 * that loads the app. A signed-in founder on the pricing page gets the app instead,
 * which renders the page with their plan's buttons.
 */
export async function startPublicPage(root: HTMLElement) {
  const stop = startIslands(root);
  // A founder's pricing page is the app's: it marks itself ready once rendered.
  if (root.querySelector('[data-for-founders]') && (await handedOverToFounder(stop))) return;
  // The same signal the app gives once rendered (src/web/app/providers.tsx): the page answers now.
  document.documentElement.dataset.ready = 'true';
}

function startIslands(root: HTMLElement): () => void {
  const listeners = new AbortController();
  const { signal } = listeners;
  for (const button of root.querySelectorAll<HTMLButtonElement>('[data-theme-toggle]')) themeToggle(button, signal);
  for (const select of root.querySelectorAll<HTMLSelectElement>('[data-language-select]')) languageSelect(select, signal);
  for (const table of root.querySelectorAll<HTMLElement>('[data-pricing-table]')) billingSwitch(table, signal);
  const stopRotations = [...root.querySelectorAll<HTMLElement>('[data-rotating-words]')].map(rotatingWords);
  return () => {
    listeners.abort();
    for (const stop of stopRotations) stop();
  };
}

/** A signed-in founder's pricing page shows their plan's buttons: the app renders it over the islands. */
async function handedOverToFounder(stopIslands: () => void) {
  // Most visitors are not signed in: one small request says so before any of the app's code is
  // fetched. The subscription calls share a chunk with the signed-in area's (zod among them, whose
  // probe for `eval` the content security policy reports): only a founder loads it.
  if (!(await signedIn())) return false;
  const { subscriptionIfSignedIn } = await import('../features/subscription/subscription-calls.ts');
  const founder = await subscriptionIfSignedIn().catch(() => null);
  if (!founder) return false;
  stopIslands();
  await import('../main.tsx');
  return true;
}

/** Whether a session comes with this page's cookies (Better Auth answers `null` when none). */
async function signedIn(): Promise<boolean> {
  try {
    const response = await fetch('/api/auth/get-session', { credentials: 'same-origin' });
    return response.ok && (await response.json()) !== null;
  } catch {
    return false;
  }
}

function themeToggle(button: HTMLButtonElement, signal: AbortSignal) {
  const show = (theme: Theme) => {
    const label = button.dataset[`label${theme[0]!.toUpperCase()}${theme.slice(1)}`] ?? '';
    button.setAttribute('aria-label', label);
    button.title = label;
    for (const icon of button.querySelectorAll<SVGElement>('[data-theme-icon]')) icon.classList.toggle('hidden', icon.dataset.themeIcon !== theme);
  };
  show(readTheme());
  button.addEventListener(
    'click',
    () => {
      const next = NEXT_THEME[readTheme()];
      setTheme(next);
      show(next);
    },
    { signal },
  );
}

/** The server serves the prerendered pages in the remembered language: the page reloads in it. */
function languageSelect(select: HTMLSelectElement, signal: AbortSignal) {
  select.addEventListener(
    'change',
    () => {
      if (!isLanguage(select.value)) return;
      rememberLanguage(select.value);
      window.location.reload();
    },
    { signal },
  );
}

function rotatingWords(container: HTMLElement) {
  const words = [...container.children];
  let active = 0;
  return startRotation(words.length, () => {
    active = (active + 1) % words.length;
    words.forEach((word, position) => (word.className = rotatingWordClass(position === active)));
  });
}

/** The monthly/yearly switch: its buttons' state, and the Premium card's texts (both periods are in the markup). */
function billingSwitch(scope: HTMLElement, signal: AbortSignal) {
  const buttons = [...scope.querySelectorAll<HTMLButtonElement>('[data-billing]')];
  for (const button of buttons) {
    button.addEventListener(
      'click',
      () => {
        const period = button.dataset.billing!;
        for (const other of buttons) {
          other.setAttribute('aria-pressed', String(other === button));
          other.className = billingButtonClass(other === button);
        }
        for (const text of scope.querySelectorAll<HTMLElement>(`[data-${period}]`)) text.textContent = text.getAttribute(`data-${period}`);
      },
      { signal },
    );
  }
}
