import { useEffect, useState } from 'react';

/**
 * The strategy being written and not yet saved, kept in local storage per founder so a
 * reload loses nothing (docs/product.md#strategy-builder). It holds the version it was
 * started from: once another version is saved or restored, the old draft no longer applies.
 * Sign-out clears it with the other drafts (lib/sign-out.ts).
 */
export type StrategyDraftText = { coreProblem: string; maximas: string[]; statement: string };
type Stored = { basedOn: number; draft: StrategyDraftText };

const PREFIX = 'rumbo_strategy_draft:';
const keyOf = (userId: string) => `${PREFIX}${userId}`;

function isDraft(value: unknown): value is StrategyDraftText {
  const draft = value as StrategyDraftText | null;
  return (
    typeof draft === 'object' &&
    draft !== null &&
    typeof draft.coreProblem === 'string' &&
    typeof draft.statement === 'string' &&
    Array.isArray(draft.maximas) &&
    draft.maximas.every((maxima) => typeof maxima === 'string')
  );
}

function readStrategyDraft(userId: string, basedOn: number): StrategyDraftText | null {
  try {
    const stored = JSON.parse(localStorage.getItem(keyOf(userId)) ?? 'null') as Partial<Stored> | null;
    return stored?.basedOn === basedOn && isDraft(stored.draft) ? stored.draft : null;
  } catch {
    return null;
  }
}

export function clearStrategyDrafts() {
  try {
    for (const key of Object.keys(localStorage)) if (key.startsWith(PREFIX)) localStorage.removeItem(key);
  } catch {
    // Private mode: nothing was stored.
  }
}

/**
 * The builder's draft: the stored one for this version if any, else `initial`; every change
 * is stored with the version it builds on. That version is the one the builder opened with,
 * moved on only by its own saves (`saved(version)`): a restore elsewhere remounts the builder
 * on the new version, where the old draft no longer applies.
 */
export function useStrategyDraft(userId: string | undefined, version: number, initial: () => StrategyDraftText) {
  const [basedOn, setBasedOn] = useState(version);
  const [draft, setDraft] = useState<StrategyDraftText>(() => (userId ? readStrategyDraft(userId, version) : null) ?? initial());
  useEffect(() => {
    if (!userId) return;
    try {
      localStorage.setItem(keyOf(userId), JSON.stringify({ basedOn, draft } satisfies Stored));
    } catch {
      // Storage full or disabled: the builder still works, only reload-survival is lost.
    }
  }, [userId, basedOn, draft]);
  return { draft, setDraft, saved: setBasedOn };
}
