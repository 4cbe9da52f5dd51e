import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminChatReportsPage } from '../../src/server/features/admin/index.ts';
import type { ChatConversation, ChatConversations, ChatMessage, CommunitySettings, Leaderboard } from '../../src/server/features/community/index.ts';
import { pointsLedger, users } from '../../src/server/db/schema/index.ts';
import { signUpAdmin } from './support/accounts.ts';
import { eventReader, readEvents } from './support/sse.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * Direct messages (decisions 220 and 221): started from a founder's name in a room or a list,
 * between two tier-2 founders who both allow them, readable by those two only, live.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp({ TRIAL_DAYS: '0' });
});
afterAll(() => t.close());

type Founder = Awaited<ReturnType<typeof t.signUp>>;
const json = async <T>(response: Response | Promise<Response>) => (await (await response).json()) as T;
async function premiumFounder(fields: { fullName?: string } = {}) {
  const founder = await t.signUp();
  await t.db.update(users).set({ userTier: 2, ...fields }).where(eq(users.id, founder.user.id));
  return founder;
}
/** `author` says something in a room; `reader` takes the contact beside their name. */
async function contactOf(reader: Founder, author: Founder) {
  const said = await json<ChatMessage>(t.request('/api/community/rooms/general/messages', { method: 'POST', cookie: author.cookie, json: { body: 'Hi all' } }));
  const page = await json<{ messages: ChatMessage[] }>(t.request('/api/community/rooms/general/messages', { cookie: reader.cookie }));
  return page.messages.find((message) => message.id === said.id)!.contact!;
}
const start = (founder: Founder, contact: string) => t.request('/api/community/conversations', { method: 'POST', cookie: founder.cookie, json: { contact } });
async function conversation(a: Founder, b: Founder) {
  const response = await start(a, await contactOf(a, b));
  expect(response.status).toBe(200);
  return json<ChatConversation>(response);
}
const write = (founder: Founder, id: number, body: unknown) => t.request(`/api/community/conversations/${id}/messages`, { method: 'POST', cookie: founder.cookie, json: { body } });
const history = async (founder: Founder, id: number) => (await json<{ messages: ChatMessage[] }>(t.request(`/api/community/conversations/${id}/messages`, { cookie: founder.cookie }))).messages;
const conversations = async (founder: Founder) => (await json<ChatConversations>(t.request('/api/community/conversations', { cookie: founder.cookie }))).conversations;
const allow = (founder: Founder, value: boolean) => t.request('/api/community/direct-messages', { method: 'PUT', cookie: founder.cookie, json: { allow: value } });
const errorCode = async (response: Response) => (await json<{ error: { code: string } }>(response)).error.code;

describe('starting a direct message', () => {
  it('is allowed by default, from a room message’s author, once per pair; the same conversation for both', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    expect((await json<CommunitySettings>(t.request('/api/community/me', { cookie: a.cookie }))).allowDirectMessages).toBe(true);
    const first = await conversation(a, b);
    expect(first).toMatchObject({ unread: 0, lastMessageAt: null, other: { kind: 'anonymous' } });
    expect((await conversation(a, b)).id).toBe(first.id);
    expect((await conversation(b, a)).id).toBe(first.id);
    // One's own messages carry no contact, and a contact made for A does not open for anyone else.
    const own = await json<ChatMessage>(t.request('/api/community/rooms/general/messages', { method: 'POST', cookie: a.cookie, json: { body: 'Me' } }));
    expect(own.contact).toBeNull();
    const c = await premiumFounder();
    expect((await start(c, await contactOf(a, b))).status).toBe(404);
    for (const forged of ['x', 'a.b.c', 'AAAA.BBBB.CCCC']) expect((await start(a, forged)).status).toBe(404);
    expect((await t.request('/api/community/conversations', { method: 'POST', cookie: a.cookie, json: { contact: 'x', userId: b.user.id } })).status).toBe(400);
  });

  it('from the leaderboard: an anonymous founder is written to without their name ever reaching the writer', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder({ fullName: 'Bea Secreta' });
    await t.db.insert(pointsLedger).values({ userId: b.user.id, event: 'upgrade-bonus', sourceId: 'seed', points: 1_000_000 });
    const board = await json<Leaderboard>(t.request('/api/community/leaderboard?period=all', { cookie: a.cookie }));
    const row = board.rows.find((entry) => entry.rank === 1)!;
    expect(row.member.kind).toBe('anonymous');
    const response = await start(a, row.contact!);
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain('Bea');
    expect(text).not.toContain(b.user.id);
    expect((JSON.parse(text) as ChatConversation).other).toEqual(row.member);
  });

  it('is tier 2 only (403 PREMIUM_REQUIRED) and needs a session (401)', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const contact = await contactOf(a, b);
    await t.db.update(users).set({ userTier: 1 }).where(eq(users.id, a.user.id));
    const refused = await start(a, contact);
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('PREMIUM_REQUIRED');
    expect((await t.request('/api/community/conversations', { cookie: a.cookie })).status).toBe(403);
    expect((await t.request('/api/community/conversations')).status).toBe(401);
    expect((await t.request('/api/community/conversations', { method: 'POST', json: { contact } })).status).toBe(401);
  });

  it('needs both founders to allow it (403), and a hidden founder cannot be written to (404)', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const contact = await contactOf(a, b);
    expect((await json<CommunitySettings>(allow(b, false))).allowDirectMessages).toBe(false);
    expect((await start(a, contact)).status).toBe(403);
    await allow(b, true);
    await allow(a, false);
    expect((await start(a, contact)).status).toBe(403);
    await allow(a, true);
    const open = await json<ChatConversation>(start(a, contact));
    // Refusing later stops new messages in the conversation too.
    await allow(b, false);
    expect((await write(a, open.id, 'Still there?')).status).toBe(403);
    await allow(b, true);
    await t.request('/api/community/visibility', { method: 'PUT', cookie: b.cookie, json: { visibility: 'hidden' } });
    expect((await start(a, contact)).status).toBe(404);
    expect((await write(a, open.id, 'Hello?')).status).toBe(404);
    expect((await conversations(a)).some((entry) => entry.id === open.id)).toBe(false);
    expect((await t.request('/api/community/direct-messages', { method: 'PUT', cookie: a.cookie, json: { allow: 'yes' } })).status).toBe(400);
  });

  it('is refused both ways once either founder blocked the other (403), and the blocker no longer sees their messages', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const open = await conversation(a, b);
    const hello = await json<ChatMessage>(write(a, open.id, 'Hello B'));
    expect((await json<ChatMessage>(write(b, open.id, 'Hi A'))).body).toBe('Hi A');
    expect((await t.request(`/api/community/messages/${hello.id}/block-author`, { method: 'POST', cookie: b.cookie })).status).toBe(204);
    const refused = await write(a, open.id, 'Why?');
    expect(refused.status).toBe(403);
    expect(await errorCode(refused)).toBe('FORBIDDEN');
    expect((await start(a, await contactOf(a, b))).status).toBe(403);
    expect((await write(b, open.id, 'Bye')).status).toBe(403);
    expect((await history(b, open.id)).map((message) => message.body)).toEqual(['Hi A']);
    expect((await history(a, open.id)).map((message) => message.body)).toEqual(['Hi A', 'Hello B']);
  });
});

describe('a conversation', () => {
  it('is read, written, marked and streamed by its two founders only (404 for a third, 401 signed out)', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const c = await premiumFounder();
    const open = await conversation(a, b);
    const secret = await json<ChatMessage>(write(a, open.id, 'Just for B'));
    expect(secret).toMatchObject({ room: null, conversation: open.id, mine: true, contact: null });
    const base = `/api/community/conversations/${open.id}`;
    expect((await t.request(`${base}/messages`, { cookie: c.cookie })).status).toBe(404);
    expect((await write(c, open.id, 'Let me in')).status).toBe(404);
    expect((await t.request(`${base}/stream`, { cookie: c.cookie })).status).toBe(404);
    expect((await t.request(`${base}/read`, { method: 'PUT', cookie: c.cookie, json: { lastReadId: secret.id } })).status).toBe(404);
    expect((await t.request(`/api/community/messages/${secret.id}/report`, { method: 'POST', cookie: c.cookie, json: { reason: 'spam' } })).status).toBe(404);
    expect((await t.request(`/api/community/messages/${secret.id}/block-author`, { method: 'POST', cookie: c.cookie })).status).toBe(404);
    expect(await conversations(c)).toEqual([]);
    expect((await t.request(`${base}/messages`)).status).toBe(401);
    expect((await t.request(`${base}/stream`)).status).toBe(401);
    expect((await t.request('/api/community/conversations/abc/messages', { cookie: a.cookie })).status).toBe(400);
    expect((await history(b, open.id)).map((message) => message.body)).toEqual(['Just for B']);
    // The message stays out of every room.
    const room = await json<{ messages: ChatMessage[] }>(t.request('/api/community/rooms/general/messages', { cookie: c.cookie }));
    expect(room.messages.some((message) => message.id === secret.id)).toBe(false);
  });

  it('counts unread messages per conversation, cleared by the read mark (which never moves back)', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const c = await premiumFounder();
    const withA = await conversation(a, b);
    const withC = await conversation(c, b);
    const first = await json<ChatMessage>(write(a, withA.id, 'One'));
    const second = await json<ChatMessage>(write(a, withA.id, 'Two'));
    await write(c, withC.id, 'From C');
    const unread = Object.fromEntries((await conversations(b)).map((entry) => [entry.id, entry.unread]));
    expect(unread).toEqual({ [withA.id]: 2, [withC.id]: 1 });
    // The latest active comes first; the writer has nothing unread.
    expect((await conversations(b))[0]!.id).toBe(withC.id);
    expect((await conversations(a)).find((entry) => entry.id === withA.id)!.unread).toBe(0);
    const mark = (lastReadId: number) => t.request(`/api/community/conversations/${withA.id}/read`, { method: 'PUT', cookie: b.cookie, json: { lastReadId } });
    expect((await mark(second.id)).status).toBe(204);
    expect((await mark(first.id)).status).toBe(204);
    expect((await conversations(b)).find((entry) => entry.id === withA.id)!.unread).toBe(0);
  });

  it('shows the other founder as their visibility allows now, past messages included', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder({ fullName: 'Pia' });
    const open = await conversation(a, b);
    await write(b, open.id, 'Hola');
    await t.request('/api/community/visibility', { method: 'PUT', cookie: b.cookie, json: { visibility: 'public' } });
    expect((await conversations(a)).find((entry) => entry.id === open.id)!.other).toMatchObject({ kind: 'public', name: 'Pia' });
    expect((await history(a, open.id))[0]!.author).toMatchObject({ kind: 'public', name: 'Pia' });
    await t.request('/api/community/visibility', { method: 'PUT', cookie: b.cookie, json: { visibility: 'anonymous' } });
    expect((await history(a, open.id))[0]!.author.kind).toBe('anonymous');
  });

  it('edits and deletes one’s own messages live; reports reach the admins as direct messages, with the text', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const open = await conversation(a, b);
    const draft = await json<ChatMessage>(write(a, open.id, 'Draft'));
    expect((await t.request(`/api/community/messages/${draft.id}`, { method: 'PATCH', cookie: b.cookie, json: { body: 'Hacked' } })).status).toBe(404);
    expect((await t.request(`/api/community/messages/${draft.id}`, { method: 'PATCH', cookie: a.cookie, json: { body: 'Final' } })).status).toBe(200);
    expect((await history(b, open.id))[0]).toMatchObject({ body: 'Final' });
    const rude = await json<ChatMessage>(write(a, open.id, 'Rude words'));
    expect((await t.request(`/api/community/messages/${rude.id}/report`, { method: 'POST', cookie: b.cookie, json: { reason: 'abuse' } })).status).toBe(204);
    const admin = await signUpAdmin(t);
    const page = await json<AdminChatReportsPage>(t.request('/api/admin/chat-reports', { cookie: admin.cookie }));
    const report = page.reports.find((entry) => entry.message.id === rude.id)!;
    expect(report).toMatchObject({ body: 'Rude words', reason: 'abuse', message: { room: null, conversation: open.id, author: { id: a.user.id } } });
    // Deleting: the other founder's open stream drops it.
    const controller = new AbortController();
    const stream = await t.request(`/api/community/conversations/${open.id}/stream?after=${rude.id}`, { cookie: b.cookie, signal: controller.signal });
    const removed = readEvents(stream, (events) => events.some((event) => event.event === 'removed'));
    expect((await t.request(`/api/community/messages/${draft.id}`, { method: 'DELETE', cookie: a.cookie })).status).toBe(204);
    expect((await removed).find((event) => event.event === 'removed')!.data).toBe(JSON.stringify({ id: draft.id }));
    controller.abort();
    expect((await history(b, open.id)).map((message) => message.body)).toEqual(['Rude words']);
  });

  it('refuses 10,001 characters (400), stores clean text, and shares the rooms’ 30 a minute (429 with Retry-After)', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const open = await conversation(a, b);
    expect((await write(a, open.id, 'x'.repeat(10_001))).status).toBe(400);
    const markup = await write(a, open.id, '<img src=x onerror=alert(1)>');
    if (markup.status === 201) expect((await json<ChatMessage>(markup)).body).not.toMatch(/onerror/i);
    else expect(markup.status).toBe(400);
    // Every attempt counts, the refused ones included: two so far.
    let sent = 2;
    for (; sent < 15; sent++) expect((await t.request('/api/community/rooms/general/messages', { method: 'POST', cookie: a.cookie, json: { body: `Room ${sent}` } })).status).toBe(201);
    for (; sent < 30; sent++) expect((await write(a, open.id, `Direct ${sent}`)).status).toBe(201);
    const limited = await write(a, open.id, 'One too many');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('reaches the other founder’s open stream live, and a reconnect gets what it missed, in order, once', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const c = await premiumFounder();
    const open = await conversation(a, b);
    const elsewhere = await conversation(a, c);
    // B's inbox hears of the conversation with A, never of A's with C.
    const inboxControl = new AbortController();
    const inbox = await t.request('/api/community/conversations/stream', { cookie: b.cookie, signal: inboxControl.signal });
    expect(inbox.status).toBe(200);
    const news = eventReader(inbox);
    await news.until((events) => events.some((event) => event.event === 'ready'));
    const heard = news.until((events) => events.some((event) => event.event === 'conversation'));
    await write(a, elsewhere.id, 'For C only');
    const base = `/api/community/conversations/${open.id}/stream`;
    const first = new AbortController();
    const stream = await t.request(base, { cookie: b.cookie, signal: first.signal });
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const arrived = readEvents(stream, (events) => events.some((event) => event.event === 'message'));
    // A room message in between does not reach the conversation's stream.
    await t.request('/api/community/rooms/general/messages', { method: 'POST', cookie: a.cookie, json: { body: 'In the room' } });
    const live = await json<ChatMessage>(write(a, open.id, 'Live'));
    const events = await arrived;
    first.abort();
    expect((await heard).filter((event) => event.event === 'conversation').map((event) => event.data)).toEqual([JSON.stringify({ id: open.id })]);
    inboxControl.abort();
    expect((await t.request('/api/community/conversations/stream', { cookie: (await t.signUp()).cookie })).status).toBe(403);
    expect(events.filter((event) => event.event === 'message').map((event) => (JSON.parse(event.data) as ChatMessage).body)).toEqual(['Live']);
    const missed = [await json<ChatMessage>(write(a, open.id, 'Missed 1')), await json<ChatMessage>(write(a, open.id, 'Missed 2'))];
    const second = new AbortController();
    const again = await t.request(base, { cookie: b.cookie, signal: second.signal, headers: { 'last-event-id': String(live.id) } });
    const replay = await readEvents(again, (list) => list.some((event) => event.event === 'ready'));
    second.abort();
    expect(replay.filter((event) => event.event === 'message').map((event) => (JSON.parse(event.data) as ChatMessage).id)).toEqual(missed.map((message) => message.id));
  });
});
