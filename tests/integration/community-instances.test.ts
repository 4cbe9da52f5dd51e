import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { ChatMessage } from '../../src/server/features/community/index.ts';
import { cleanUpServerProcesses, makeDataDir, send, type ServerProcess, startServerProcess } from './support/server-process.ts';
import { eventReader, readEvents } from './support/sse.ts';
import { sessionCookie } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * Chat across instances (decision 194): two servers on one PostgreSQL; a message posted
 * through one reaches a stream open on the other (LISTEN/NOTIFY), and a stream that
 * reconnects to either gets what it missed, in order, once.
 */
const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const TEST_TIMEOUT_MS = 120_000;
let database: string | null = null;

afterEach(cleanUpServerProcesses);
afterAll(async () => {
  if (!database) return;
  const admin = new pg.Client({ connectionString: BASE_DATABASE_URL });
  await admin.connect();
  await admin.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
  await admin.end();
});

async function freshDatabase(): Promise<string> {
  database = `rumbo_chat_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: BASE_DATABASE_URL });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${database}`);
  await admin.end();
  const url = new URL(BASE_DATABASE_URL);
  url.pathname = `/${database}`;
  return url.toString();
}

async function signUp(server: ServerProcess) {
  const response = await send(server, '/api/auth/sign-up/email', {
    method: 'POST',
    json: { email: `chat-${randomBytes(4).toString('hex')}@example.com`, password: 'correct horse battery', name: 'Ana', termsAccepted: true },
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return sessionCookie(response);
}

function openStream(server: ServerProcess, cookie: string, lastEventId?: number, path = '/api/community/rooms/general/stream') {
  const controller = new AbortController();
  const headers: Record<string, string> = { origin: server.appUrl, cookie };
  if (lastEventId !== undefined) headers['last-event-id'] = String(lastEventId);
  const response = fetch(`${server.url}${path}`, { headers, signal: controller.signal });
  return { response, close: () => controller.abort() };
}

const post = async (server: ServerProcess, cookie: string, body: string) => {
  const response = await send(server, '/api/community/rooms/general/messages', { method: 'POST', cookie, json: { body } });
  expect(response.status, await response.clone().text()).toBe(201);
  return await answerOf('POST /api/community/rooms/:room/messages', response);
};

describe('chat across two instances on one PostgreSQL', () => {
  it('delivers live across instances and replays what a reconnecting stream missed', { timeout: TEST_TIMEOUT_MS }, async () => {
    const env = { DATABASE_URL: await freshDatabase(), BETTER_AUTH_SECRET: randomBytes(32).toString('hex'), TRIAL_DAYS: '14' };
    // One after the other: the first runs the migrations.
    const one = await startServerProcess({ dataDir: makeDataDir(), env });
    const two = await startServerProcess({ dataDir: makeDataDir(), env });
    // In the trial, both founders have tier 2.
    const a = await signUp(one);
    const b = await signUp(two);

    const stream = openStream(two, b);
    const opened = await stream.response;
    expect(opened.status).toBe(200);
    const events = eventReader(opened);
    const ready = await events.until((list) => list.some((e) => e.event === 'ready'));
    expect(ready.filter((e) => e.event === 'message')).toEqual([]);
    const arriving = events.until((list) => list.some((e) => e.event === 'message'));
    const live = await post(one, a, 'Posted on instance one');
    const [delivered] = (await arriving).filter((e) => e.event === 'message');
    stream.close();
    expect(JSON.parse(delivered!.data)).toMatchObject({ id: live.id, body: 'Posted on instance one', mine: false });
    expect(delivered!.id).toBe(String(live.id));

    const missed = [await post(one, a, 'Missed 1'), await post(two, a, 'Missed 2'), await post(one, a, 'Missed 3')];
    for (const server of [one, two]) {
      const again = openStream(server, b, live.id);
      const replay = await readEvents(await again.response, (events) => events.some((e) => e.event === 'ready'));
      again.close();
      expect(replay.filter((e) => e.event === 'message').map((e) => (JSON.parse(e.data) as ChatMessage).body)).toEqual(['Missed 1', 'Missed 2', 'Missed 3']);
      expect(replay.filter((e) => e.event === 'message').map((e) => e.id)).toEqual(missed.map((m) => String(m.id)));
    }

    // A direct message (decision 220): started on one instance from B's name in the room,
    // written there, and delivered live to B's conversation open on the other.
    const fromB = await post(two, b, 'B says hello');
    const room = (await (await send(one, '/api/community/rooms/general/messages', { cookie: a })).json()) as { messages: ChatMessage[] };
    const contact = room.messages.find((message) => message.id === fromB.id)!.contact;
    const started = await send(one, '/api/community/conversations', { method: 'POST', cookie: a, json: { contact } });
    expect(started.status, await started.clone().text()).toBe(200);
    const { id } = (await started.json()) as { id: number };
    const direct = openStream(two, b, undefined, `/api/community/conversations/${id}/stream`);
    const directEvents = eventReader(await direct.response);
    await directEvents.until((list) => list.some((e) => e.event === 'ready'));
    const directArriving = directEvents.until((list) => list.some((e) => e.event === 'message'));
    const written = await send(one, `/api/community/conversations/${id}/messages`, { method: 'POST', cookie: a, json: { body: 'Just for you, B' } });
    expect(written.status).toBe(201);
    const [directDelivered] = (await directArriving).filter((e) => e.event === 'message');
    direct.close();
    expect(JSON.parse(directDelivered!.data)).toMatchObject({ conversation: id, body: 'Just for you, B', mine: false });
  });
});
