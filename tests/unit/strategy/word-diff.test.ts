import { describe, expect, it } from 'vitest';
import { wordDiff } from '../../../src/core/text/word-diff.ts';

describe('wordDiff', () => {
  it('marks the phrases removed from the old text and added to the new one', () => {
    const diff = wordDiff('We win by making restocking invisible for corner shops', 'We win by owning the reorder moment of every corner shop');
    expect(diff.before).toEqual([
      { text: 'We win by', changed: false },
      { text: 'making restocking invisible for', changed: true },
      { text: 'corner', changed: false },
      { text: 'shops', changed: true },
    ]);
    expect(diff.after).toEqual([
      { text: 'We win by', changed: false },
      { text: 'owning the reorder moment of every', changed: true },
      { text: 'corner', changed: false },
      { text: 'shop', changed: true },
    ]);
  });

  it('finds nothing changed in the same words, whatever the spacing', () => {
    expect(wordDiff('Reorder  in one tap', 'Reorder in one tap ')).toEqual({
      before: [{ text: 'Reorder in one tap', changed: false }],
      after: [{ text: 'Reorder in one tap', changed: false }],
    });
  });

  it('treats a text that is new or gone as wholly added or removed', () => {
    expect(wordDiff('', 'Never let a best-seller run out')).toEqual({ before: [], after: [{ text: 'Never let a best-seller run out', changed: true }] });
    expect(wordDiff('Reorder in one tap', '')).toEqual({ before: [{ text: 'Reorder in one tap', changed: true }], after: [] });
  });
});
