import { describe, expect, it } from 'vitest';
import { estimateTokens, selectChunks } from '../../../src/server/ai/context/build-context.ts';
import type { ContextChunk } from '../../../src/server/ai/context/types.ts';

const chunk = (id: string, text: string, extra: Partial<ContextChunk> = {}): ContextChunk => ({ id, source: 'test', title: id, text, ...extra });

describe('selecting the mentor context', () => {
  it('keeps pinned chunks first, then the most relevant to the question', () => {
    const chunks = [
      chunk('hiring', 'We plan to hire a designer next quarter.'),
      chunk('pricing', 'Customers said our pricing is too low compared to rivals.'),
      chunk('profile', 'Startup: Tiendita AI', { pinned: true }),
    ];
    const { chunks: kept } = selectChunks(chunks, 'Should I change my pricing?', 1000);
    expect(kept.map((c) => c.id)).toEqual(['profile', 'pricing', 'hiring']);
  });

  it('cuts to the token budget, counting what it left out', () => {
    const chunks = Array.from({ length: 50 }, (_, i) => chunk(`note-${String(i).padStart(2, '0')}`, `Note ${i} ${'about churn and retention '.repeat(10)}`));
    const { chunks: kept, omitted } = selectChunks(chunks, 'churn', 500);
    const used = kept.reduce((sum, c) => sum + estimateTokens(c.title) + estimateTokens(c.text), 0);
    expect(used).toBeLessThanOrEqual(520);
    expect(omitted).toBe(50 - kept.length);
    expect(omitted).toBeGreaterThan(30);
  });

  it('cuts a single huge chunk instead of dropping it', () => {
    const { chunks: kept } = selectChunks([chunk('csv', 'row,'.repeat(100_000))], 'rows', 1000);
    expect(kept).toHaveLength(1);
    expect(kept[0]!.text.length).toBeLessThan(4100);
  });
});
