import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from './api-routes.ts';

/**
 * The answers typed so far and the current step, saved on the server per founder
 * (decision 144), so a reload or another device continues where the founder was.
 * The server clears it once onboarding is submitted.
 */
export type Answers = Record<string, string | boolean>;
export type Draft = { step: number; answers: Answers };

const DRAFT_PATH = '/api/onboarding/draft';
/** Typing pauses this long before the draft is saved; a step change saves at once. */
export const DRAFT_SAVE_DELAY_MS = 600;

/** The saved draft, read fresh on every visit (it may have moved on another device). */
export function useSavedOnboardingDraft(userId: string) {
  return useQuery({
    queryKey: ['onboarding-draft', userId],
    queryFn: () => api('GET /api/onboarding/draft'),
    enabled: userId !== '',
    gcTime: 0,
    refetchOnWindowFocus: false,
    retry: 1,
  });
}

/**
 * Form state that saves itself: DRAFT_SAVE_DELAY_MS after the last change, at once when the
 * step changes, and when the page is hidden or left. Saves run one after another, so an older
 * one never lands after a newer one; a failed save is silent (the next change tries again).
 */
export function useAutosavedDraft(initial: Draft) {
  const [draft, setDraft] = useState<Draft>(initial);
  const lastSent = useRef(JSON.stringify(initial));
  const queue = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef(draft);
  useEffect(() => {
    latest.current = draft;
  }, [draft]);

  const save = useCallback((keepalive = false) => {
    const body = JSON.stringify(latest.current);
    if (body === lastSent.current) return;
    lastSent.current = body;
    queue.current = queue.current.then(() =>
      // A plain fetch: `keepalive` lets the save outlive the page, and a failure is only remembered, never thrown.
      fetch(DRAFT_PATH, { method: 'PUT', body, keepalive, credentials: 'same-origin', headers: { 'content-type': 'application/json' } }).catch(() => {
        // Offline or signed out: the next change saves again.
        lastSent.current = '';
      }),
    );
  }, []);

  useEffect(() => {
    const timer = setTimeout(() => save(), DRAFT_SAVE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [draft, save]);

  const step = draft.step;
  const shownStep = useRef(step);
  useEffect(() => {
    if (shownStep.current === step) return;
    shownStep.current = step;
    save();
  }, [step, save]);

  useEffect(() => {
    const onHide = () => save(true);
    window.addEventListener('pagehide', onHide);
    return () => {
      window.removeEventListener('pagehide', onHide);
      save(true);
    };
  }, [save]);

  return [draft, setDraft] as const;
}

/**
 * Drafts that older versions kept in this browser's local storage: removed at sign-out, as
 * they hold personal answers a shared computer's next user must not find.
 */
export function clearLegacyLocalDrafts() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith('rumbo_onboarding_draft:')) localStorage.removeItem(key);
  } catch {
    // Private mode: nothing was stored.
  }
}
