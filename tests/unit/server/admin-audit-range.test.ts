import { describe, expect, it } from 'vitest';
import { auditRange } from '../../../src/server/features/admin/audit-log.ts';

describe('the audit range', () => {
  const now = new Date('2026-11-25T10:00:00Z');
  it('defaults to the 91 days before now, and never reaches further back than 91 days from its end', () => {
    expect(auditRange({}, now)).toEqual({ start: new Date('2026-08-26T10:00:00Z'), end: now });
    expect(auditRange({ from: '2020-01-01' }, now).start).toEqual(new Date('2026-08-26T10:00:00Z'));
    expect(auditRange({ from: '2026-11-01', to: '2026-11-02' }, now)).toEqual({ start: new Date('2026-11-01T00:00:00Z'), end: new Date('2026-11-03T00:00:00Z') });
  });
});
