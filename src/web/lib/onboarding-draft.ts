import { useEffect, useState } from 'react';

/**
 * The answers typed so far and the current step, kept in local storage per user, so going
 * back, reloading or closing the tab mid-way loses nothing. Cleared once submitted.
 */
export type Answers = Record<string, string | boolean>;
export type Draft = { step: number; answers: Answers };

const DRAFT_PREFIX = 'rumbo_onboarding_draft:';
const draftKey = (userId: string) => `${DRAFT_PREFIX}${userId}`;

export function readDraft(userId: string, steps: number): Draft | null {
  try {
    const raw = localStorage.getItem(draftKey(userId));
    if (!raw) return null;
    const parsed = JSON.parse(raw) as Partial<Draft>;
    if (typeof parsed.step !== 'number' || typeof parsed.answers !== 'object' || parsed.answers === null) return null;
    // A draft from an older form with other steps starts from a step that exists.
    const step = Math.min(Math.max(0, Math.trunc(parsed.step)), steps - 1);
    return { step, answers: parsed.answers };
  } catch {
    return null;
  }
}

export function clearDraft(userId: string) {
  try {
    localStorage.removeItem(draftKey(userId));
  } catch {
    // Private mode: nothing was stored.
  }
}

/** Every founder's draft on this browser (sign-out: the answers are personal). */
export function clearAllDrafts() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(DRAFT_PREFIX)) localStorage.removeItem(key);
  } catch {
    // Private mode: nothing was stored.
  }
}

/** State that mirrors itself into local storage on every change. */
export function usePersistentDraft(userId: string, steps: number, initial: () => Draft) {
  const [draft, setDraft] = useState<Draft>(() => readDraft(userId, steps) ?? initial());
  useEffect(() => {
    try {
      localStorage.setItem(draftKey(userId), JSON.stringify(draft));
    } catch {
      // Storage full or disabled: the form still works, only reload-survival is lost.
    }
  }, [userId, draft]);
  return [draft, setDraft] as const;
}
