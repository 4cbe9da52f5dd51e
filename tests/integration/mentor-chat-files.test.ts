import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PDF_INFLATED_MAX } from '../../src/server/ai/context/file-text.ts';
import { makeInflatingPdf, makePdf, TINY_PNG } from '../support/make-pdf.ts';
import { readUiStream, startLoopbackModel, type LoopbackModel } from './support/loopback-model.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/** File upload into a conversation on /talk-rumbo (decision 090). */

type TestApp = Awaited<ReturnType<typeof createTestApp>>;
type Upload = { name: string; bytes: Uint8Array };
type UploadBody = {
  conversation: { id: string; title: string };
  message: { role: string; kind: string; content: string };
  entry: { id: string; origin: string; files: { name: string; hasText: boolean }[] };
  skipped: { name: string; message: string }[];
};

const EXE = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);

function filesForm(files: Upload[], language?: string) {
  const body = new FormData();
  if (language) body.append('language', language);
  for (const file of files) body.append('files', new File([file.bytes as BlobPart], file.name, { type: 'application/pdf' }));
  return body;
}

const upload = (t: TestApp, cookie: string, conversationId: string | null, files: Upload[], language?: string) =>
  t.request(conversationId ? `/api/mentor/conversations/${conversationId}/files` : '/api/mentor/conversations/files', {
    method: 'POST',
    cookie,
    body: filesForm(files, language),
  });

async function consentingFounder(t: TestApp) {
  const founder = await t.signUp();
  expect((await t.request('/api/ai/consent', { method: 'POST', cookie: founder.cookie, json: { granted: true } })).status).toBe(200);
  return founder;
}

/** A lone refused file: 400 with its reason, and no conversation or entry left behind. */
async function expectRefusedAlone(cookie: string, response: Response, name: string, message: string) {
  expect(response.status).toBe(400);
  const body = await response.json();
  expect(body.error).toMatchObject({ code: 'VALIDATION_FAILED', message });
  expect(body.error.details).toEqual([{ field: 'files', name, message }]);
  expect((await (await t.request('/api/mentor/conversations', { cookie })).json()).conversations).toEqual([]);
  expect((await (await t.request('/api/context', { cookie })).json()).entries).toEqual([]);
}

let model: LoopbackModel;
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  model = await startLoopbackModel();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rumbo-chat-files-'));
  t = await createTestApp({ DATA_DIR: dataDir, AI_BASE_URL: model.baseUrl, AI_MODEL: 'loopback-model', AI_API_KEY: 'test-key' });
});
afterAll(async () => {
  await t.close();
  await model.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('uploading files into a conversation', () => {
  it("puts a PDF's text in the model's prompt on the next question, and a reload shows the upload", async () => {
    model.reset([{ kind: 'answer', text: 'Noted.' }]);
    const { cookie } = await consentingFounder(t);
    const first = await readUiStream(await t.request('/api/mentor/chat', { method: 'POST', cookie, json: { message: 'I will share our pilot report' } }));
    const id = (first.chunks.find((c) => c.type === 'data-conversation')?.data as { id: string }).id;

    const response = await upload(t, cookie, id, [{ name: 'pilot-report.pdf', bytes: makePdf(['Pilot with Ferreteria Sol converted at 23 percent.']) }]);
    expect(response.status).toBe(201);
    const body = await answerOf('POST /api/mentor/conversations/:id/files', response);
    expect(body.conversation.id).toBe(id);
    expect(body.skipped).toEqual([]);
    expect(body.message).toMatchObject({ role: 'user', kind: 'file', content: '📎 pilot-report.pdf' });
    expect(body.entry).toMatchObject({ origin: 'conversation', files: [{ name: 'pilot-report.pdf', hasText: true }] });

    const saved = await (await t.request(`/api/mentor/conversations/${id}`, { cookie })).json();
    expect(saved.messages.map((m: { kind: string; content: string }) => [m.kind, m.content])).toEqual([
      ['text', 'I will share our pilot report'],
      ['text', 'Noted.'],
      ['file', '📎 pilot-report.pdf'],
    ]);
    // The file is also in the founder's AI context, where it can be reviewed or deleted.
    const context = await (await t.request('/api/context', { cookie })).json();
    expect(context.entries).toEqual([expect.objectContaining({ id: body.entry.id, origin: 'conversation' })]);

    model.reset([{ kind: 'answer', text: 'It converted at 23 percent.' }]);
    const answer = await readUiStream(
      await t.request('/api/mentor/chat', { method: 'POST', cookie, json: { conversationId: id, message: 'How did the Ferreteria Sol pilot convert?' } }),
    );
    expect(answer.answer).toBe('It converted at 23 percent.');
    const system = model.requests[0]!.messages[0]!.content;
    expect(system).toContain('Ferreteria Sol converted at 23 percent');
  });

  it('starts a new conversation when there is none yet, named after the file', async () => {
    const { cookie } = await consentingFounder(t);
    const response = await upload(t, cookie, null, [{ name: 'deck.pdf', bytes: makePdf(['Seed deck']) }], 'es-LA');
    expect(response.status).toBe(201);
    const body = await answerOf('POST /api/mentor/conversations/files', response);
    expect(body.conversation.title).toBe('deck.pdf');
    const list = await (await t.request('/api/mentor/conversations', { cookie })).json();
    expect(list.conversations).toEqual([expect.objectContaining({ id: body.conversation.id, title: 'deck.pdf' })]);
    const context = await (await t.request('/api/context', { cookie })).json();
    expect(context.entries[0].description).toBe('Archivos compartidos en la conversación "deck.pdf"');
  });

  it('refuses a .exe renamed .pdf with the product’s message and stores nothing', async () => {
    const { cookie } = await consentingFounder(t);
    const response = await upload(t, cookie, null, [{ name: 'invoice.pdf', bytes: EXE }]);
    await expectRefusedAlone(cookie, response, 'invoice.pdf', 'File type not allowed');
  });

  it('takes a 3 MB PDF, and refuses a lone 12 MB one with the product’s size message, storing nothing', async () => {
    const { cookie } = await consentingFounder(t);
    // A real PDF padded with trailing spaces to the size wanted.
    const padded = (megabytes: number) => {
      const bytes = new Uint8Array(megabytes * 1024 * 1024).fill(0x20);
      bytes.set(makePdf(['A very large board pack']));
      return bytes;
    };
    const taken = await upload(t, cookie, null, [{ name: 'deck.pdf', bytes: padded(3) }]);
    expect(taken.status).toBe(201);
    const { conversation, entry } = await answerOf('POST /api/mentor/conversations/files', taken);
    expect(entry.files).toEqual([expect.objectContaining({ name: 'deck.pdf', hasText: true })]);
    await t.request(`/api/mentor/conversations/${conversation.id}`, { method: 'DELETE', cookie });
    await t.request(`/api/context/${entry.id}`, { method: 'DELETE', cookie });

    const response = await upload(t, cookie, null, [{ name: 'board-pack.pdf', bytes: padded(12) }]);
    await expectRefusedAlone(cookie, response, 'board-pack.pdf', 'File size must be less than 10MB');
  });

  it('refuses a lone decompression bomb with 400 and its reason, storing nothing', async () => {
    const { cookie } = await consentingFounder(t);
    const response = await upload(t, cookie, null, [{ name: 'bomb.pdf', bytes: await makeInflatingPdf(PDF_INFLATED_MAX + 1024 * 1024) }]);
    await expectRefusedAlone(cookie, response, 'bomb.pdf', 'File expands too much when decompressed');
  });

  it('keeps the good files and reports the skipped ones with their reasons', async () => {
    const { cookie } = await consentingFounder(t);
    const response = await upload(t, cookie, null, [
      { name: 'setup.pdf', bytes: EXE },
      { name: 'chart.png', bytes: TINY_PNG },
    ]);
    expect(response.status).toBe(201);
    const body = await answerOf('POST /api/mentor/conversations/files', response);
    expect(body.skipped).toEqual([{ name: 'setup.pdf', message: 'File type not allowed' }]);
    expect(body.entry.files.map((file) => file.name)).toEqual(['chart.png']);
    expect(body.message.content).toBe('📎 chart.png');
  });

  it('answers 400 for a request without files', async () => {
    const { cookie } = await consentingFounder(t);
    const response = await t.request('/api/mentor/conversations/files', { method: 'POST', cookie, body: new FormData() });
    expect(response.status).toBe(400);
    expect((await response.json()).error.code).toBe('VALIDATION_FAILED');
  });

  it("gives another founder 404 for the conversation and leaves it unchanged", async () => {
    const a = await consentingFounder(t);
    const b = await consentingFounder(t);
    const created = (await (await upload(t, a.cookie, null, [{ name: 'a.pdf', bytes: makePdf(['Alpha']) }])).json()) as UploadBody;
    const response = await upload(t, b.cookie, created.conversation.id, [{ name: 'b.pdf', bytes: makePdf(['Beta']) }]);
    expect(response.status).toBe(404);
    expect((await upload(t, b.cookie, 'not-a-uuid', [{ name: 'b.pdf', bytes: makePdf(['Beta']) }])).status).toBe(404);
    const saved = await (await t.request(`/api/mentor/conversations/${created.conversation.id}`, { cookie: a.cookie })).json();
    expect(saved.messages).toHaveLength(1);
    expect((await (await t.request('/api/context', { cookie: b.cookie })).json()).entries).toEqual([]);
  });

  it('requires AI consent and the AI assistance preference, and a session', async () => {
    const { cookie } = await t.signUp();
    const refused = await upload(t, cookie, null, [{ name: 'a.pdf', bytes: makePdf(['Alpha']) }]);
    expect(refused.status).toBe(403);
    expect((await refused.json()).error.code).toBe('AI_CONSENT_REQUIRED');
    expect((await (await t.request('/api/context', { cookie })).json()).entries).toEqual([]);

    const consenting = await consentingFounder(t);
    await t.request('/api/me', { method: 'PATCH', cookie: consenting.cookie, json: { aiAssistanceEnabled: false } });
    expect((await (await upload(t, consenting.cookie, null, [{ name: 'a.pdf', bytes: makePdf(['Alpha']) }])).json()).error.code).toBe('AI_DISABLED');

    expect((await upload(t, '', null, [{ name: 'a.pdf', bytes: makePdf(['Alpha']) }])).status).toBe(401);
  });

  it('keeps the files in AI context when the conversation is deleted', async () => {
    const { cookie } = await consentingFounder(t);
    const created = (await (await upload(t, cookie, null, [{ name: 'keep.pdf', bytes: makePdf(['Keep me']) }])).json()) as UploadBody;
    expect((await t.request(`/api/mentor/conversations/${created.conversation.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    const context = await (await t.request('/api/context', { cookie })).json();
    expect(context.entries).toEqual([expect.objectContaining({ id: created.entry.id, files: [expect.objectContaining({ name: 'keep.pdf' })] })]);
  });
});

describe('analysing a conversation with files', () => {
  it('does not count an upload as something said', async () => {
    const { cookie } = await consentingFounder(t);
    const created = (await (await upload(t, cookie, null, [{ name: 'only.pdf', bytes: makePdf(['Only a file']) }])).json()) as UploadBody;
    const analyse = await t.request(`/api/mentor/conversations/${created.conversation.id}/analyse`, { method: 'POST', cookie, json: {} });
    expect(analyse.status).toBe(400);
    expect((await analyse.json()).error).toMatchObject({ code: 'VALIDATION_FAILED', message: 'No conversation to analyse', details: [{ field: 'conversationId', message: 'No conversation to analyse' }] });
  });
});
