import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { changedBy, decisionsIndex, INDEX_FILE, readDecisionRecords } from '../../scripts/lib/decisions-index.ts';

describe('the decision records index', () => {
  const records = readDecisionRecords();

  it('lists every record with its status, as the records say today', () => {
    const index = fs.readFileSync(INDEX_FILE, 'utf8');
    for (const record of records) expect(index).toContain(`| [${record.number}](${record.file}) |`);
    // Out of date when a record was added or its status changed: run `npm run docs:decisions`.
    expect(index).toBe(decisionsIndex(records));
  });

  it('says which later record changed an earlier one, from either side of the pair', () => {
    const changes = changedBy([
      { number: '042', file: '042-a.md', title: 'A', status: 'accepted; the number-format rules are superseded by 045' },
      { number: '045', file: '045-b.md', title: 'B', status: 'accepted' },
      { number: '046', file: '046-c.md', title: 'C', status: 'accepted (supersedes the benchmark part of 043)' },
      { number: '043', file: '043-d.md', title: 'D', status: 'accepted' },
    ]);
    expect([...(changes.get('042') ?? [])]).toEqual(['045']);
    expect([...(changes.get('043') ?? [])]).toEqual(['046']);
    expect(changes.has('045')).toBe(false);
  });

  it('marks the record whose status says it was superseded', () => {
    const superseded = records.filter((record) => /superseded by/i.test(record.status));
    expect(superseded.length).toBeGreaterThan(0);
    const changes = changedBy(records);
    for (const record of superseded) expect(changes.get(record.number)?.size ?? 0).toBeGreaterThan(0);
  });
});
