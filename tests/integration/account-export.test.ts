import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../src/server/db/schema/index.ts';
import { TINY_PNG } from '../support/make-pdf.ts';
import { readZip, type ZipFile } from '../support/read-zip.ts';
import { auditRows, errorOf, signUpAdmin } from './support/accounts.ts';
import { chat, consentingFounder } from './support/mentor.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { readUiStream } from './support/loopback-model.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp } from './support/test-app.ts';

/**
 * "Download my data" (decision 196): GET /api/account/export answers a zip of everything the
 * signed-in founder put into Rumbo, and nothing of anyone else's.
 */

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type Founder = Awaited<ReturnType<typeof consentingFounder>>;

/** A founder with a week of metrics, a task, a strategy, an AI context entry with two files, and a conversation; `marker` is in each. */
async function busyFounder(marker: string): Promise<Founder> {
  const founder = await consentingFounder(t);
  const { cookie } = founder;
  expect((await t.request(weekPath(weeksAgo(1)), { method: 'PUT', cookie, json: { ...workedWeek, weeklyRevenue: 4321 } })).status).toBe(200);
  expect((await t.request('/api/tasks', { method: 'POST', cookie, json: { ...validTask, hypothesis: `${marker} calls cut churn` } })).status).toBe(201);
  const strategy = { coreProblem: `${marker} shops run out of stock`, maximas: ['Reorder in one tap from WhatsApp', 'Never let a best-seller run out', 'Pay suppliers on delivery'], statement: `We win by making restocking invisible with ${marker}` };
  expect((await t.request('/api/strategy', { method: 'PUT', cookie, json: strategy })).status).toBe(200);
  const form = new FormData();
  form.append('type', 'learnings');
  form.append('description', `${marker} learned something`);
  form.append('files', new File([new TextEncoder().encode(`week,revenue\n1,${marker.length}\n`)], 'notes.csv', { type: 'text/csv' }));
  form.append('files', new File([TINY_PNG as BlobPart], 'chart.png', { type: 'image/png' }));
  expect((await t.request('/api/context', { method: 'POST', cookie, body: form })).status).toBe(201);
  const answer = await readUiStream(await chat(t, cookie, { message: `What about ${marker}?`, language: 'en' }));
  expect(answer.error).toBeUndefined();
  return founder;
}

const download = (cookie?: string, headers: Record<string, string> = {}) => t.request('/api/account/export', { cookie, headers });
const file = (files: ZipFile[], name: string) => {
  const found = files.find((entry) => entry.name === name);
  if (!found) throw new Error(`${name} is not in the zip (${files.map((entry) => entry.name).join(', ')})`);
  return found;
};
const jsonOf = <T>(files: ZipFile[], name: string) => JSON.parse(file(files, name).bytes.toString('utf8')) as T;

describe('GET /api/account/export', () => {
  let ana: Founder;
  let beto: Founder;
  beforeAll(async () => {
    ana = await busyFounder('Anamarker');
    beto = await busyFounder('Betomarker');
  });

  it('answers 401 signed out', async () => {
    const response = await download();
    expect(response.status).toBe(401);
    expect((await errorOf(response)).code).toBe('UNAUTHENTICATED');
  });

  it('is a zip of every kind of the founder’s data, and nothing of another founder’s', async () => {
    const response = await download(ana.cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/zip');
    expect(response.headers.get('content-disposition')).toMatch(/^attachment; filename="rumbo-data-\d{4}-\d{2}-\d{2}\.zip"$/);
    const archive = new Uint8Array(await response.arrayBuffer());
    const files = await readZip(archive);
    const names = files.map((entry) => entry.name);
    expect(names).toEqual(
      expect.arrayContaining(['README.txt', 'profile.json', 'metrics.csv', 'tasks.json', 'strategy-versions.json', 'ai-context.json', 'conversations.json']),
    );

    expect(jsonOf<{ email: string; preferredLanguage: string | null }>(files, 'profile.json')).toMatchObject({ email: ana.email });
    // The metrics in the format the CSV import accepts: the import takes it back.
    const csv = file(files, 'metrics.csv').bytes.toString('utf8');
    expect(csv).toContain('4321');
    const [exported] = await Promise.all([(await t.request('/api/metrics/export.csv', { cookie: ana.cookie })).text()]);
    expect(csv).toBe(exported);
    const reimported = await t.request('/api/metrics/import', { method: 'POST', cookie: ana.cookie, body: csv, headers: { 'content-type': 'text/csv' } });
    expect(reimported.status).toBe(200);

    expect(jsonOf<{ hypothesis: string }[]>(files, 'tasks.json').map((task) => task.hypothesis)).toEqual(['Anamarker calls cut churn']);
    expect(jsonOf<{ version: number; statement: string }[]>(files, 'strategy-versions.json')).toEqual([expect.objectContaining({ version: 1, statement: 'We win by making restocking invisible with Anamarker' })]);
    const conversations = jsonOf<{ title: string; messages: { role: string; content: string }[] }[]>(files, 'conversations.json');
    expect(conversations).toHaveLength(1);
    expect(conversations[0]!.messages.map((message) => message.role)).toEqual(['user', 'assistant']);
    expect(conversations[0]!.messages[0]!.content).toBe('What about Anamarker?');

    const context = jsonOf<{ description: string; files: { name: string; path: string }[] }[]>(files, 'ai-context.json');
    expect(context).toHaveLength(1);
    expect(context[0]!.description).toBe('Anamarker learned something');
    const listed = (name: string) => context[0]!.files.find((entry) => entry.name === name)!;
    expect(context[0]!.files.map((entry) => entry.name).sort()).toEqual(['chart.png', 'notes.csv']);
    expect(file(files, listed('notes.csv').path).bytes.toString('utf8')).toBe('week,revenue\n1,9\n');
    expect(file(files, listed('chart.png').path).bytes.equals(Buffer.from(TINY_PNG))).toBe(true);

    // Nothing of Beto's, in any file: not his address, id, markers or rows.
    for (const entry of files) {
      const content = entry.bytes.toString('latin1');
      for (const foreign of [beto.email, beto.user.id, 'Betomarker']) expect(content, entry.name).not.toContain(foreign);
    }
    expect(names.some((name) => name.includes(beto.user.id))).toBe(false);
  });

  it('has a README in the founder’s language, saying what each file is', async () => {
    await t.db.update(users).set({ preferredLanguage: 'es-LA' }).where(eq(users.id, beto.user.id));
    const spanish = file(await readZip(new Uint8Array(await (await download(beto.cookie)).arrayBuffer())), 'README.txt').bytes.toString('utf8');
    expect(spanish).toContain('Tus datos de Rumbo');
    for (const name of ['profile.json', 'metrics.csv', 'tasks.json', 'strategy-versions.json', 'ai-context.json', 'ai-context-files/', 'conversations.json']) {
      expect(spanish).toContain(name);
    }
    // Without a saved choice, the language the browser asks for.
    const fresh = await t.signUp();
    const english = file(await readZip(new Uint8Array(await (await download(fresh.cookie, { 'accept-language': 'en-US' })).arrayBuffer())), 'README.txt');
    expect(english.bytes.toString('utf8')).toContain('Your Rumbo data');
  });

  it('a founder with nothing yet gets the files, empty', async () => {
    const fresh = await t.signUp();
    const files = await readZip(new Uint8Array(await (await download(fresh.cookie)).arrayBuffer()));
    expect(jsonOf(files, 'tasks.json')).toEqual([]);
    expect(jsonOf(files, 'conversations.json')).toEqual([]);
    expect(jsonOf(files, 'ai-context.json')).toEqual([]);
    expect(names(files).filter((name) => name.startsWith('ai-context-files/'))).toEqual([]);
  });

  it('is audited as security_account_data_exported', async () => {
    const founder = await t.signUp();
    await (await download(founder.cookie)).arrayBuffer();
    const [row] = await auditRows(t, 'security_account_data_exported', founder.user.id);
    expect(row).toMatchObject({ adminId: founder.user.id, targetUserId: founder.user.id });
    expect(row!.details).toMatchObject({ tasks: 0, files: 0, conversations: 0 });
  });
});

const names = (files: ZipFile[]) => files.map((entry) => entry.name);

describe('an admin viewing as the founder', () => {
  it('cannot take the founder’s data (403), and nothing is audited as exported', async () => {
    const boss = await signUpAdmin(t);
    const founder = await t.signUp();
    const started = await t.request('/api/impersonation', { method: 'POST', cookie: boss.jar.header, json: { targetUserId: founder.user.id } });
    expect(started.status, await started.clone().text()).toBe(201);
    boss.jar.take(started);
    expect((await t.request('/api/me', { cookie: boss.jar.header })).status).toBe(200);
    const refused = await download(boss.jar.header);
    expect(refused.status).toBe(403);
    expect((await errorOf(refused)).code).toBe('FORBIDDEN');
    expect(await auditRows(t, 'security_account_data_exported', founder.user.id)).toEqual([]);
  });
});

describe('the export’s own rate limit', () => {
  it('allows 5 exports an hour, then answers 429', async () => {
    const founder = await t.signUp();
    for (let i = 0; i < 5; i++) expect((await download(founder.cookie)).status).toBe(200);
    const refused = await download(founder.cookie);
    expect(refused.status).toBe(429);
    expect((await errorOf(refused)).code).toBe('RATE_LIMITED');
  });
});
