import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs } from '../../src/server/db/schema/index.ts';
import { csvCell } from '../../src/core/admin/audit-log.ts';
import { signUpAdmin } from './support/accounts.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * The audit log viewer (decision 202): filters by actor, target, event, severity and days;
 * pages; a CSV export that a spreadsheet cannot run, over a bounded range, itself audited.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const read = async (cookie: string, query: Record<string, string>) => {
  const response = await t.request(`/api/admin/audit-logs?${new URLSearchParams(query)}`, { cookie });
  expect(response.status).toBe(200);
  return await answerOf('GET /api/admin/audit-logs', response);
};

async function seed(actor: string, target: string) {
  const day = (iso: string) => new Date(`${iso}T12:00:00Z`);
  await t.db.insert(auditLogs).values([
    { actionType: 'security_role_change', adminId: actor, targetUserId: target, details: { from: 'user', to: 'admin' }, createdAt: day('2026-10-01') },
    { actionType: 'security_confirmation_resent', adminId: actor, targetUserId: target, details: {}, createdAt: day('2026-10-02') },
    { actionType: 'security_sign_in_failures', adminId: null, targetUserId: target, details: { ipAddress: '203.0.113.9' }, createdAt: day('2026-10-03') },
    { actionType: 'security_session_fingerprint_mismatch', adminId: null, targetUserId: target, details: {}, createdAt: day('2026-10-04') },
  ]);
}

describe('GET /api/admin/audit-logs', () => {
  it('filters by actor, target, event, severity and days, newest first, in pages', async () => {
    const boss = await signUpAdmin(t);
    const target = `target-${Date.now()}`;
    await seed(boss.user.id, target);
    const range = { from: '2026-10-01', to: '2026-10-31', targetUserId: target };

    const all = await read(boss.cookie, range);
    expect(all.total).toBe(4);
    expect(all.entries.map((entry) => entry.actionType)).toEqual([
      'security_session_fingerprint_mismatch',
      'security_sign_in_failures',
      'security_confirmation_resent',
      'security_role_change',
    ]);
    expect(all.entries.map((entry) => entry.severity)).toEqual(['critical', 'medium', 'low', 'high']);
    expect((await read(boss.cookie, { ...range, actorId: boss.user.id })).total).toBe(2);
    expect((await read(boss.cookie, { ...range, event: 'role_change' })).entries.map((entry) => entry.actionType)).toEqual(['security_role_change']);
    expect((await read(boss.cookie, { ...range, severity: 'low' })).entries.map((entry) => entry.actionType)).toEqual(['security_confirmation_resent']);
    expect((await read(boss.cookie, { ...range, severity: 'critical' })).total).toBe(1);
    expect((await read(boss.cookie, { ...range, from: '2026-10-02', to: '2026-10-03' })).total).toBe(2);
    const second = await read(boss.cookie, { ...range, limit: '3', page: '2' });
    expect(second.entries.map((entry) => entry.actionType)).toEqual(['security_role_change']);
  });

  it('refuses a range over 91 days, an end before the start and an unknown severity', async () => {
    const boss = await signUpAdmin(t);
    for (const query of ['from=2016-01-01&to=2026-01-01', 'from=2026-02-01&to=2026-01-01', 'severity=urgent', 'from=last-week']) {
      expect((await t.request(`/api/admin/audit-logs?${query}`, { cookie: boss.cookie })).status, query).toBe(400);
      expect((await t.request(`/api/admin/audit-logs/export?${query}`, { cookie: boss.cookie })).status, query).toBe(400);
    }
  });
});

describe('GET /api/admin/audit-logs/export', () => {
  it('streams the filtered rows as CSV a spreadsheet cannot run, and audits the export', async () => {
    const boss = await signUpAdmin(t);
    const target = `csv-${Date.now()}`;
    await seed(boss.user.id, target);
    await t.db.insert(auditLogs).values({
      actionType: 'security_sign_in_failures',
      targetUserId: target,
      details: { userAgent: '=HYPERLINK("http://evil.example","click")', ipAddress: '+1-555' },
      createdAt: new Date('2026-10-05T12:00:00Z'),
    });
    const response = await t.request(`/api/admin/audit-logs/export?${new URLSearchParams({ targetUserId: target, from: '2026-10-01', to: '2026-10-31' })}`, { cookie: boss.cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/csv');
    expect(response.headers.get('content-disposition')).toMatch(/attachment; filename="rumbo-audit-log-\d{4}-\d{2}-\d{2}\.csv"/);
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('"id","created_at","action_type","severity","admin_id","target_user_id","ip_address","user_agent","details"');
    expect(lines[1]).toContain(`"'=HYPERLINK(""http://evil.example"",""click"")"`);
    expect(lines[1]).toContain(`"'+1-555"`);
    // No cell of the file starts with a formula character.
    expect(lines.join('\n')).not.toMatch(/(^|,)"[=+\-@]/);
    const [exported] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.actionType, 'security_audit_log_exported'), eq(auditLogs.adminId, boss.user.id)));
    expect(exported!.details).toMatchObject({ filters: { targetUserId: target, from: '2026-10-01', to: '2026-10-31' } });
  });

  it('reads a range larger than one batch in full', async () => {
    const boss = await signUpAdmin(t);
    const target = `bulk-${Date.now()}`;
    const rows = Array.from({ length: 2100 }, (_, index) => ({ actionType: 'security_confirmation_resent', targetUserId: target, details: {}, createdAt: new Date(Date.UTC(2026, 9, 10, 0, 0, index % 60)) }));
    await t.db.insert(auditLogs).values(rows);
    const response = await t.request(`/api/admin/audit-logs/export?${new URLSearchParams({ targetUserId: target, from: '2026-10-01', to: '2026-10-31' })}`, { cookie: boss.cookie });
    const lines = (await response.text()).trimEnd().split('\r\n');
    expect(lines).toHaveLength(2101);
    expect(new Set(lines.slice(1).map((line) => line.split(',')[0])).size).toBe(2100);
  });

  it('is for admins only', async () => {
    const founder = await t.signUp();
    expect((await t.request('/api/admin/audit-logs/export', { cookie: founder.cookie })).status).toBe(403);
  });
});

describe('csvCell', () => {
  it('neutralises every formula start and quotes the rest', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(csvCell(`${start}1+1`)).toBe(`"'${start}1+1"`);
    expect(csvCell('plain "quoted"')).toBe('"plain ""quoted"""');
    expect(csvCell(null)).toBe('""');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });
});
