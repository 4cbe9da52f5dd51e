import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChatReportsPage } from '../../src/server/features/admin/index.ts';
import type { ChatMentions, ChatMessage, ChatRooms } from '../../src/server/features/community/index.ts';
import { auditLogs, users } from '../../src/server/db/schema/index.ts';
import { errorOf, signUpAdmin } from './support/accounts.ts';
import { readEvents } from './support/sse.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * Chat moderation and reading (decisions 174 and 175): reports reach the admins, who dismiss
 * them or remove the message for everyone; each room counts what the founder has not read.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ TRIAL_DAYS: '0' });
});
afterAll(() => t.close());

const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;
async function premiumFounder() {
  const founder = await t.signUp();
  await t.db.update(users).set({ userTier: 2 }).where(eq(users.id, founder.user.id));
  return founder;
}
const post = (cookie: string, body: string, room = 'general') => t.request(`/api/community/rooms/${room}/messages`, { method: 'POST', cookie, json: { body } });
const report = (cookie: string, id: number, reason = 'spam') => t.request(`/api/community/messages/${id}/report`, { method: 'POST', cookie, json: { reason } });
const history = async (cookie: string, room: string) => (await json<{ messages: ChatMessage[] }>(t.request(`/api/community/rooms/${room}/messages`, { cookie }))).messages;
const reports = (cookie: string, query = '') => t.request(`/api/admin/chat-reports${query}`, { cookie });

describe('chat reports in the admin area', () => {
  it('are for admins only (403 for a founder, 401 signed out)', async () => {
    const founder = await premiumFounder();
    const refused = await reports(founder.cookie);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('FORBIDDEN');
    expect((await reports('')).status).toBe(401);
    expect((await t.request('/api/admin/chat-reports/1/remove', { method: 'POST', cookie: founder.cookie })).status).toBe(403);
    expect((await t.request('/api/admin/chat-reports/1/dismiss', { method: 'POST', cookie: founder.cookie })).status).toBe(403);
  });

  it('list the message as reported, its author, the reporter, the reason and the date; removal hides it from the room, live, and is audited', async () => {
    const admin = await signUpAdmin(t);
    const [author, reporter, second, reader] = await Promise.all([premiumFounder(), premiumFounder(), premiumFounder(), premiumFounder()]);
    const rude = await json<ChatMessage>(post(author.cookie, 'Buy my course now', 'mvp'));
    expect((await report(reporter.cookie, rude.id, 'spam')).status).toBe(204);
    expect((await report(second.cookie, rude.id, 'off-topic')).status).toBe(204);

    const open = await json<AdminChatReportsPage>(reports(admin.cookie));
    const mine = open.reports.filter((entry) => entry.message.id === rude.id);
    expect(mine).toHaveLength(2);
    expect(mine.find((entry) => entry.reporter?.id === reporter.user.id)).toMatchObject({
      reason: 'spam',
      body: 'Buy my course now',
      reporter: { id: reporter.user.id, email: reporter.email },
      message: { id: rude.id, room: 'mvp', deleted: false, author: { id: author.user.id, email: author.email } },
      resolution: null,
    });
    expect(Date.parse(mine[0]!.createdAt)).toBeGreaterThan(Date.now() - 60_000);

    // A reader has the room open when the admin removes the message.
    const abort = new AbortController();
    const stream = await t.request(`/api/community/rooms/mvp/stream?after=${rude.id - 1}`, { cookie: reader.cookie, signal: abort.signal });
    const removedLive = readEvents(stream, (events) => events.some((e) => e.event === 'removed'));
    const removed = await t.request(`/api/admin/chat-reports/${mine[0]!.id}/remove`, { method: 'POST', cookie: admin.cookie });
    expect(await removed.json()).toEqual({ resolution: 'removed', changed: true });
    expect((await removedLive).find((e) => e.event === 'removed')?.data).toBe(JSON.stringify({ id: rude.id }));
    abort.abort();

    for (const founder of [reader, reporter, author]) expect((await history(founder.cookie, 'mvp')).some((m) => m.id === rude.id)).toBe(false);
    // Both reports of the message are closed; the resolved list keeps them with the text as reported.
    expect((await json<AdminChatReportsPage>(reports(admin.cookie))).reports.some((entry) => entry.message.id === rude.id)).toBe(false);
    const resolved = (await json<AdminChatReportsPage>(reports(admin.cookie, '?state=resolved'))).reports.filter((entry) => entry.message.id === rude.id);
    expect(resolved.map((entry) => [entry.resolution, entry.body, entry.message.deleted])).toEqual([
      ['removed', 'Buy my course now', true],
      ['removed', 'Buy my course now', true],
    ]);
    const [audit] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.actionType, 'security_chat_message_removed'), eq(auditLogs.targetUserId, author.user.id)));
    expect(audit).toMatchObject({ adminId: admin.user.id, details: expect.objectContaining({ messageId: rude.id, room: 'mvp' }) });
    // Resolving again changes nothing and writes no second audit row.
    expect(await json(t.request(`/api/admin/chat-reports/${mine[1]!.id}/dismiss`, { method: 'POST', cookie: admin.cookie }))).toEqual({ resolution: 'removed', changed: false });
    expect(await t.db.select().from(auditLogs).where(eq(auditLogs.targetUserId, author.user.id))).toHaveLength(1);
  });

  it('dismissing leaves the message in the room and is audited; bad ids and states are refused', async () => {
    const admin = await signUpAdmin(t);
    const [author, reporter] = await Promise.all([premiumFounder(), premiumFounder()]);
    const fine = await json<ChatMessage>(post(author.cookie, 'I disagree with you', 'scaling'));
    expect((await report(reporter.cookie, fine.id, 'abuse')).status).toBe(204);
    const entry = (await json<AdminChatReportsPage>(reports(admin.cookie))).reports.find((item) => item.message.id === fine.id)!;
    expect(await json(t.request(`/api/admin/chat-reports/${entry.id}/dismiss`, { method: 'POST', cookie: admin.cookie }))).toEqual({ resolution: 'dismissed', changed: true });
    expect((await history(reporter.cookie, 'scaling')).some((m) => m.id === fine.id)).toBe(true);
    const [audit] = await t.db.select().from(auditLogs).where(and(eq(auditLogs.actionType, 'security_chat_report_dismissed'), eq(auditLogs.targetUserId, author.user.id)));
    expect(audit?.adminId).toBe(admin.user.id);

    expect((await t.request('/api/admin/chat-reports/999999999/remove', { method: 'POST', cookie: admin.cookie })).status).toBe(404);
    expect((await t.request('/api/admin/chat-reports/abc/remove', { method: 'POST', cookie: admin.cookie })).status).toBe(400);
    expect((await reports(admin.cookie, '?state=archived')).status).toBe(400);
  });
});

describe('unread counts', () => {
  const unread = async (cookie: string) => Object.fromEntries((await json<ChatRooms>(t.request('/api/community/rooms', { cookie }))).rooms.map((r) => [r.room, r.unread]));
  const read = (cookie: string, room: string, lastReadId: unknown) => t.request(`/api/community/rooms/${room}/read`, { method: 'PUT', cookie, json: { lastReadId } });

  it('count others’ visible messages after the last one read, never one’s own; reading clears them and never moves back', async () => {
    const [a, b] = await Promise.all([premiumFounder(), premiumFounder()]);
    // B starts having read everything so far (other tests post too).
    const start = await json<ChatMessage>(post(b.cookie, 'Hi', 'early-growth'));
    expect((await read(b.cookie, 'early-growth', start.id)).status).toBe(204);
    expect((await unread(b.cookie))['early-growth']).toBe(0);

    const first = await json<ChatMessage>(post(a.cookie, 'One', 'early-growth'));
    const second = await json<ChatMessage>(post(a.cookie, 'Two', 'early-growth'));
    await post(b.cookie, 'My own', 'early-growth');
    expect((await unread(b.cookie))['early-growth']).toBe(2);
    expect((await read(b.cookie, 'early-growth', first.id)).status).toBe(204);
    expect((await unread(b.cookie))['early-growth']).toBe(1);
    expect((await read(b.cookie, 'early-growth', second.id)).status).toBe(204);
    // An older id from another tab does not bring them back.
    expect((await read(b.cookie, 'early-growth', first.id)).status).toBe(204);
    expect((await unread(b.cookie))['early-growth']).toBe(0);

    // A blocked author's messages are not counted.
    const third = await json<ChatMessage>(post(a.cookie, 'Three', 'early-growth'));
    expect((await unread(b.cookie))['early-growth']).toBe(1);
    expect((await t.request(`/api/community/messages/${third.id}/block-author`, { method: 'POST', cookie: b.cookie })).status).toBe(204);
    expect((await unread(b.cookie))['early-growth']).toBe(0);
  });

  it('refuse tier 1, signed-out clients and bad input', async () => {
    const free = await t.signUp();
    expect((await t.request('/api/community/rooms', { cookie: free.cookie })).status).toBe(403);
    expect((await t.request('/api/community/rooms')).status).toBe(401);
    const a = await premiumFounder();
    for (const bad of [0, -1, 'abc', 1.5, null]) expect((await read(a.cookie, 'general', bad)).status).toBe(400);
    expect((await read(a.cookie, 'nowhere', 1)).status).toBe(400);
    expect(Object.keys(await unread(a.cookie))).toEqual(['general', 'mvp', 'early-growth', 'scaling']);
  });
});

describe('mentions', () => {
  const mentionsOf = (cookie: string) => json<ChatMentions>(t.request('/api/community/mentions', { cookie }));
  const settings = (cookie: string) => json<{ pseudonym: number }>(t.request('/api/community/me', { cookie }));

  it('notify a founder named by pseudonym or public name, once per message, until read; never oneself or a founder who blocked the author', async () => {
    const [a, b, c] = await Promise.all([premiumFounder(), premiumFounder(), premiumFounder()]);
    await t.db.update(users).set({ fullName: 'Pia', lastName: 'Pública' }).where(eq(users.id, c.user.id));
    expect((await t.request('/api/community/visibility', { method: 'PUT', cookie: c.cookie, json: { visibility: 'public' } })).status).toBe(200);
    // B and C have spoken in the room, so they can be named there.
    await post(b.cookie, 'Hello', 'scaling');
    await post(c.cookie, 'Hi all', 'scaling');
    const { pseudonym } = await settings(b.cookie);

    const asked = await json<ChatMessage>(post(a.cookie, `@#${pseudonym} and @pia pública, how did you price it? @#${pseudonym}7 is nobody`, 'scaling'));
    const forB = await mentionsOf(b.cookie);
    expect(forB.unread).toBe(1);
    expect(forB.mentions[0]).toMatchObject({ read: false, message: { id: asked.id, room: 'scaling', mine: false } });
    expect((await mentionsOf(c.cookie)).mentions.map((m) => m.message.id)).toEqual([asked.id]);
    expect((await mentionsOf(a.cookie)).mentions).toEqual([]);

    // An edit that keeps the name does not notify twice.
    expect((await t.request(`/api/community/messages/${asked.id}`, { method: 'PATCH', cookie: a.cookie, json: { body: `@#${pseudonym} how did you price it?` } })).status).toBe(200);
    expect((await mentionsOf(b.cookie)).mentions).toHaveLength(1);

    expect((await t.request('/api/community/mentions/read', { method: 'POST', cookie: b.cookie })).status).toBe(204);
    expect(await mentionsOf(b.cookie)).toMatchObject({ unread: 0, mentions: [{ read: true }] });

    // B blocks A: A's later mentions do not reach B, and the old one is gone from B's list.
    expect((await t.request(`/api/community/messages/${asked.id}/block-author`, { method: 'POST', cookie: b.cookie })).status).toBe(204);
    await post(a.cookie, `@#${pseudonym} still there?`, 'scaling');
    expect(await mentionsOf(b.cookie)).toEqual({ unread: 0, mentions: [] });
  });

  it('are written with their post: when the mention cannot be recorded, the post is not kept either', async () => {
    const [a, b] = await Promise.all([premiumFounder(), premiumFounder()]);
    await post(b.cookie, 'Anyone pricing per seat?', 'mvp');
    const { pseudonym } = await settings(b.cookie);
    await t.db.execute(sql`create function refuse_mentions() returns trigger language plpgsql as $$ begin raise exception 'mentions are off'; end $$`);
    await t.db.execute(sql`create trigger refuse_mentions before insert on chat_mentions for each row execute function refuse_mentions()`);
    try {
      expect((await post(a.cookie, `@#${pseudonym} per seat, how?`, 'mvp')).status).toBe(500);
    } finally {
      await t.db.execute(sql`drop trigger refuse_mentions on chat_mentions`);
      await t.db.execute(sql`drop function refuse_mentions()`);
    }
    expect((await history(b.cookie, 'mvp')).map((message) => message.body)).not.toContain(`@#${pseudonym} per seat, how?`);
    expect((await mentionsOf(b.cookie)).mentions).toEqual([]);
    const kept = await json<ChatMessage>(post(a.cookie, `@#${pseudonym} per seat, how?`, 'mvp'));
    expect((await mentionsOf(b.cookie)).mentions.map((mention) => mention.message.id)).toEqual([kept.id]);
  });

  it('refuse tier 1 and signed-out clients', async () => {
    const free = await t.signUp();
    expect((await t.request('/api/community/mentions', { cookie: free.cookie })).status).toBe(403);
    expect((await t.request('/api/community/mentions')).status).toBe(401);
    expect((await t.request('/api/community/mentions/read', { method: 'POST' })).status).toBe(401);
  });
});
