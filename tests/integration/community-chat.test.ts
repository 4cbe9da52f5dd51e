import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/server/features/community/index.ts';
import { chatMessages, chatReports, users } from '../../src/server/db/schema/index.ts';
import { createNodeServer } from '../../src/server/http/node-server.ts';
import { eventReader, readEvents } from './support/sse.ts';
import { createTestApp, TEST_ORIGIN, TEST_USER_AGENT } from './support/test-app.ts';

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
const post = (cookie: string, body: unknown, room = 'general') => t.request(`/api/community/rooms/${room}/messages`, { method: 'POST', cookie, json: { body } });
const history = async (cookie: string, room = 'general') =>
  (await json<{ messages: ChatMessage[] }>(t.request(`/api/community/rooms/${room}/messages`, { cookie }))).messages;

describe('chat rooms', () => {
  it('refuses tier 1 (403 PREMIUM_REQUIRED) and signed-out clients (401)', async () => {
    const free = await t.signUp();
    const refused = await post(free.cookie, 'Hello');
    expect(refused.status).toBe(403);
    expect((await json<{ error: { code: string } }>(refused)).error.code).toBe('PREMIUM_REQUIRED');
    expect((await t.request('/api/community/rooms/general/messages', { cookie: free.cookie })).status).toBe(403);
    expect((await t.request('/api/community/rooms/general/messages')).status).toBe(401);
    expect((await t.request('/api/community/rooms/general/stream')).status).toBe(401);
  });

  it('refuses a 10,001-character message, an unknown room and forged payloads; stores clean text', async () => {
    const a = await premiumFounder();
    expect((await post(a.cookie, 'x'.repeat(10_001))).status).toBe(400);
    expect((await post(a.cookie, 'x'.repeat(10_000))).status).toBe(201);
    expect((await post(a.cookie, 'hi', 'secret-room')).status).toBe(400);
    expect((await t.request('/api/community/rooms/general/messages', { method: 'POST', cookie: a.cookie, json: { body: 'hi', userId: 'x' } })).status).toBe(400);
    for (const payload of ['<script>alert(1)</script>', '<img src=x onerror=alert(1)>', 'javascript:alert(1)']) {
      const response = await post(a.cookie, payload);
      // Markup and handler payloads (docs/product.md#sanitising) are refused outright (400) or stored without their markup.
      if (response.status === 201) expect((await json<ChatMessage>(response)).body).not.toMatch(/<script|onerror|javascript:/i);
      else expect(response.status).toBe(400);
    }
    for (const message of await history(a.cookie)) expect(message.body).not.toMatch(/<script|onerror=|javascript:/i);
  });

  it('edits and deletes one’s own messages; another founder’s are 404', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const mine = await json<ChatMessage>(post(a.cookie, 'First draft', 'mvp'));
    expect(mine).toMatchObject({ room: 'mvp', mine: true, body: 'First draft', author: { kind: 'anonymous' } });
    expect((await t.request(`/api/community/messages/${mine.id}`, { method: 'PATCH', cookie: b.cookie, json: { body: 'Hacked' } })).status).toBe(404);
    expect((await t.request(`/api/community/messages/${mine.id}`, { method: 'DELETE', cookie: b.cookie })).status).toBe(404);
    const edited = await json<ChatMessage>(t.request(`/api/community/messages/${mine.id}`, { method: 'PATCH', cookie: a.cookie, json: { body: 'Final' } }));
    expect(edited).toMatchObject({ body: 'Final' });
    expect(edited.editedAt).not.toBeNull();
    expect((await history(b.cookie, 'mvp')).find((m) => m.id === mine.id)).toMatchObject({ body: 'Final', mine: false });
    expect((await t.request(`/api/community/messages/${mine.id}`, { method: 'DELETE', cookie: a.cookie })).status).toBe(204);
    expect((await history(b.cookie, 'mvp')).some((m) => m.id === mine.id)).toBe(false);
    expect((await t.request('/api/community/messages/abc', { method: 'DELETE', cookie: a.cookie })).status).toBe(400);
  });

  it('reports reach the admins with the text; a block makes the author’s messages vanish for the blocker only', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const c = await premiumFounder();
    const rude = await json<ChatMessage>(post(a.cookie, 'Rude words', 'scaling'));
    const report = (cookie: string, json: unknown) => t.request(`/api/community/messages/${rude.id}/report`, { method: 'POST', cookie, json });
    // A reason is required and must be one of the list.
    for (const bad of [{}, { reason: 'boring' }, { reason: 'spam', body: 'x' }]) expect((await report(b.cookie, bad)).status).toBe(400);
    expect(await t.db.select().from(chatReports).where(eq(chatReports.messageId, rude.id))).toEqual([]);
    expect((await report(b.cookie, { reason: 'abuse' })).status).toBe(204);
    const [stored] = await t.db.select().from(chatReports).where(eq(chatReports.messageId, rude.id));
    expect(stored).toMatchObject({ body: 'Rude words', reporterId: b.user.id, reason: 'abuse', resolvedAt: null });
    // One's own message cannot be reported or blocked.
    expect((await t.request(`/api/community/messages/${rude.id}/block-author`, { method: 'POST', cookie: a.cookie })).status).toBe(404);

    expect((await t.request(`/api/community/messages/${rude.id}/block-author`, { method: 'POST', cookie: b.cookie })).status).toBe(204);
    expect((await history(b.cookie, 'scaling')).some((m) => m.id === rude.id)).toBe(false);
    expect((await history(c.cookie, 'scaling')).some((m) => m.id === rude.id)).toBe(true);
    // Blocked afterwards too: a new message from A never reaches B.
    const later = await json<ChatMessage>(post(a.cookie, 'Still here', 'scaling'));
    expect((await history(b.cookie, 'scaling')).some((m) => m.id === later.id)).toBe(false);
  });

  it('shows authors as their visibility allows now, past messages included; a hidden founder cannot post', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    await t.db.update(users).set({ fullName: 'Pia', startupName: 'Pialabs' }).where(eq(users.id, a.user.id));
    const message = await json<ChatMessage>(post(a.cookie, 'Hello all', 'early-growth'));
    await t.request('/api/community/visibility', { method: 'PUT', cookie: a.cookie, json: { visibility: 'public' } });
    expect((await history(b.cookie, 'early-growth')).find((m) => m.id === message.id)?.author).toEqual({ kind: 'public', name: 'Pia', startupName: 'Pialabs' });
    await t.request('/api/community/visibility', { method: 'PUT', cookie: a.cookie, json: { visibility: 'hidden' } });
    expect((await history(b.cookie, 'early-growth')).some((m) => m.id === message.id)).toBe(false);
    expect((await post(a.cookie, 'Can I?', 'early-growth')).status).toBe(403);
    // Nor edit what they posted before: the message stays as it was.
    expect((await t.request(`/api/community/messages/${message.id}`, { method: 'PATCH', cookie: a.cookie, json: { body: 'Changed while hidden' } })).status).toBe(403);
    const [kept] = await t.db.select({ body: chatMessages.body }).from(chatMessages).where(eq(chatMessages.id, message.id));
    expect(kept?.body).toBe('Hello all');
  });

  it('allows 30 messages a minute, then 429 with Retry-After', async () => {
    const a = await premiumFounder();
    for (let i = 0; i < 30; i++) expect((await post(a.cookie, `Message ${i}`)).status).toBe(201);
    const limited = await post(a.cookie, 'One too many');
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });
});

describe('the live stream', () => {
  it('delivers a post to an open stream, and a reconnect with Last-Event-ID gets what it missed, in order, once', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    const before = await json<ChatMessage>(post(a.cookie, 'Before B opened the room', 'mvp'));
    const first = new AbortController();
    const stream = await t.request(`/api/community/rooms/mvp/stream?after=${before.id}`, { cookie: b.cookie, signal: first.signal });
    expect(stream.status).toBe(200);
    expect(stream.headers.get('content-type')).toContain('text/event-stream');
    const ready = readEvents(stream, (events) => events.some((e) => e.event === 'message'));
    const live = await json<ChatMessage>(post(a.cookie, 'Live one', 'mvp'));
    const events = await ready;
    first.abort();
    // The stream started after `before`, so the one message is the live one.
    expect(events.filter((e) => e.event === 'message').map((e) => (JSON.parse(e.data) as ChatMessage).body)).toEqual(['Live one']);
    // Live, B gets the message as their history shows it, field for field; only the contact
    // differs, sealed afresh each time (decision 221).
    const delivered = JSON.parse(events.find((e) => e.event === 'message')!.data) as ChatMessage;
    const shown = (await history(b.cookie, 'mvp')).find((m) => m.id === live.id)!;
    expect(Object.keys(delivered)).toEqual(Object.keys(shown));
    expect({ ...delivered, contact: null }).toEqual({ ...shown, contact: null });
    expect(delivered).toMatchObject({ mine: false, contact: expect.any(String) });

    // Offline: two more are posted; the reconnect names the last it had.
    const missed = [await json<ChatMessage>(post(a.cookie, 'Missed 1', 'mvp')), await json<ChatMessage>(post(a.cookie, 'Missed 2', 'mvp'))];
    const second = new AbortController();
    const again = await t.request('/api/community/rooms/mvp/stream', { cookie: b.cookie, signal: second.signal, headers: { 'last-event-id': String(live.id) } });
    const replay = await readEvents(again, (list) => list.some((e) => e.event === 'ready'));
    second.abort();
    const replayed = replay.filter((e) => e.event === 'message').map((e) => JSON.parse(e.data) as ChatMessage);
    expect(replayed.map((m) => m.id)).toEqual(missed.map((m) => m.id));
    expect(replay.filter((e) => e.event === 'message').map((e) => e.id)).toEqual(missed.map((m) => String(m.id)));
  });

  it('gives a founder their own post on their open stream exactly as the post answered it', async () => {
    const a = await premiumFounder();
    const controller = new AbortController();
    const stream = await t.request('/api/community/rooms/general/stream', { cookie: a.cookie, signal: controller.signal });
    const events = eventReader(stream);
    await events.until((list) => list.some((e) => e.event === 'ready'));
    const answered = await json<ChatMessage>(post(a.cookie, 'Mine, "quoted",\nover two lines — 10 € 🚀'));
    const isPost = (e: { event: string; id?: string }) => e.event === 'message' && e.id === String(answered.id);
    const frames = await events.until((list) => list.some(isPost));
    controller.abort();
    expect(JSON.parse(frames.find(isPost)!.data)).toEqual(answered);
  });

  it('served by Node, as in production: the same head and events, catch-up, and no listener left once the browser goes', async () => {
    const a = await premiumFounder();
    const b = await premiumFounder();
    // The streams listening on the bus, counted from here.
    const listening = new Set<object>();
    const subscribe = t.deps.bus.subscribe;
    t.deps.bus.subscribe = (listener) => {
      const token = {};
      listening.add(token);
      const unsubscribe = subscribe(listener);
      return () => {
        listening.delete(token);
        unsubscribe();
      };
    };
    const server = createNodeServer(t.app.fetch, { https: false });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const streamUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/community/rooms/scaling/stream`;
    const open = (controller: AbortController, lastEventId?: number) =>
      fetch(streamUrl, { signal: controller.signal, headers: { cookie: b.cookie, origin: TEST_ORIGIN, 'user-agent': TEST_USER_AGENT, ...(lastEventId ? { 'last-event-id': String(lastEventId) } : {}) } });
    try {
      const first = new AbortController();
      const stream = await open(first, (await json<ChatMessage>(post(a.cookie, 'Before', 'scaling'))).id);
      expect(stream.status).toBe(200);
      expect(stream.headers.get('content-type')).toBe('text/event-stream');
      expect(stream.headers.get('cache-control')).toBe('no-store');
      expect(stream.headers.get('x-content-type-options')).toBe('nosniff');
      const events = eventReader(stream);
      await events.until((list) => list.some((e) => e.event === 'ready'));
      expect(listening.size).toBe(1);
      const live = await json<ChatMessage>(post(a.cookie, 'Live through Node', 'scaling'));
      const received = await events.until((list) => list.some((e) => e.event === 'message'));
      expect(received.filter((e) => e.event === 'message').map((e) => [e.id, (JSON.parse(e.data) as ChatMessage).body])).toEqual([[String(live.id), 'Live through Node']]);
      first.abort();
      await expect.poll(() => listening.size).toBe(0);

      // Offline, one more; the reconnect names the last it had, gets it, then hears its deletion.
      const missed = await json<ChatMessage>(post(a.cookie, 'Missed through Node', 'scaling'));
      const second = new AbortController();
      const again = eventReader(await open(second, live.id));
      const replay = await again.until((list) => list.some((e) => e.event === 'ready'));
      expect(replay.map((e) => [e.event, e.id])).toEqual([['message', String(missed.id)], ['ready', undefined]]);
      expect((await t.request(`/api/community/messages/${missed.id}`, { method: 'DELETE', cookie: a.cookie })).status).toBeLessThan(300);
      const removed = await again.until((list) => list.some((e) => e.event === 'removed'));
      expect(JSON.parse(removed.find((e) => e.event === 'removed')!.data)).toEqual({ id: missed.id });
      second.abort();
      await expect.poll(() => listening.size).toBe(0);
    } finally {
      t.deps.bus.subscribe = subscribe;
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('refuses a tier-1 stream (403) and an unknown room (400)', async () => {
    const free = await t.signUp();
    expect((await t.request('/api/community/rooms/general/stream', { cookie: free.cookie })).status).toBe(403);
    const a = await premiumFounder();
    expect((await t.request('/api/community/rooms/nowhere/stream', { cookie: a.cookie })).status).toBe(400);
  });
});
