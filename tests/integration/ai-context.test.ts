import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiContextFiles } from '../../src/server/db/schema/index.ts';
import { PDF_INFLATED_MAX, PDF_PAGES_MAX } from '../../src/server/ai/context/file-text.ts';
import { makeInflatingPdf, makePagesPdf, makePdf, TINY_PNG } from '../support/make-pdf.ts';
import { readUiStream } from './support/loopback-model.ts';
import { createTestApp } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rumbo-context-'));
  t = await createTestApp({ DATA_DIR: dataDir });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Upload = { name: string; bytes: Uint8Array; type?: string };
function form(fields: Record<string, string>, files: Upload[] = []) {
  const body = new FormData();
  for (const [name, value] of Object.entries(fields)) body.append(name, value);
  for (const file of files) body.append('files', new File([file.bytes as BlobPart], file.name, { type: file.type ?? 'application/octet-stream' }));
  return body;
}
const post = (cookie: string, body: FormData) => t.request('/api/context', { method: 'POST', cookie, body });
const csv = (rows: number) => new TextEncoder().encode(['week,revenue,customers', ...Array.from({ length: rows }, (_, i) => `${i + 1},${1000 + i},${10 + i}`)].join('\n'));

type EntryBody = {
  entry: { id: string; files: { id: string; name: string; hasText: boolean; textNote: string | null; mediaType: string }[] };
  skipped: { name: string; message: string }[];
};

describe('AI context entries', () => {
  it('creates an entry with a PDF, a CSV and an image, extracting text for the mentor', async () => {
    const { cookie } = await t.signUp();
    const response = await post(
      cookie,
      form({ type: 'metrics-financials', description: 'Q3 board pack' }, [
        { name: 'board.pdf', bytes: makePdf(['Pilot with Bodega Norte converted at 18 percent.']) },
        { name: 'weeks.csv', bytes: csv(3) },
        { name: 'chart.png', bytes: TINY_PNG },
      ]),
    );
    expect(response.status).toBe(201);
    const body = await answerOf('POST /api/context', response);
    expect(body.skipped).toEqual([]);
    expect(body.entry.files.map((f) => [f.name, f.mediaType, f.hasText])).toEqual([
      ['board.pdf', 'application/pdf', true],
      ['weeks.csv', 'text/csv', true],
      ['chart.png', 'image/png', false],
    ]);
    const list = await (await t.request('/api/context', { cookie })).json();
    expect(list.entries).toHaveLength(1);
    expect(list.entries[0]).toMatchObject({ type: 'metrics-financials', description: 'Q3 board pack' });
  });

  it('keeps a PDF or an image named .csv as what its bytes are, and reads the PDF as a PDF, not as rows', async () => {
    const { cookie } = await t.signUp();
    const response = await post(
      cookie,
      form({ type: 'metrics-financials', description: 'Misnamed exports' }, [
        { name: 'report.csv', bytes: makePdf(['Gross margin reached 64 percent in October.']), type: 'text/csv' },
        { name: 'chart.csv', bytes: TINY_PNG, type: 'text/csv' },
        { name: 'weeks.csv', bytes: csv(2), type: 'text/csv' },
      ]),
    );
    expect(response.status).toBe(201);
    const body = await answerOf('POST /api/context', response);
    expect(body.skipped).toEqual([]);
    expect(body.entry.files.map((f) => [f.name, f.mediaType, f.hasText])).toEqual([
      ['report.csv', 'application/pdf', true],
      ['chart.csv', 'image/png', false],
      ['weeks.csv', 'text/csv', true],
    ]);
    const rows = await t.db.select().from(aiContextFiles).where(eq(aiContextFiles.entryId, body.entry.id));
    const textOf = (name: string) => rows.find((row) => row.name === name)!.extractedText;
    expect(textOf('report.csv')).toBe('Gross margin reached 64 percent in October.');
    expect(textOf('chart.csv')).toBeNull();
    expect(textOf('weeks.csv')).toBe('week, revenue, customers\n1, 1000, 10\n2, 1001, 11');
    // The download says what the file is, not what its name claims.
    const redirect = await t.request(`/api/context/${body.entry.id}/files/${body.entry.files[0]!.id}`, { cookie });
    const download = await t.request(redirect.headers.get('location')!, { cookie });
    expect(download.headers.get('content-type')).toBe('application/pdf');
  });

  it('skips refused files with the product’s messages and keeps the rest', async () => {
    const { cookie } = await t.signUp();
    const exe = new Uint8Array([0x4d, 0x5a, 0x90, 0x00, 0x03, 0x00, 0x00, 0x00]);
    const big = new Uint8Array(12 * 1024 * 1024).fill(0x41);
    const response = await post(
      cookie,
      form({ type: 'challenges', description: 'Hiring is slow' }, [
        { name: 'invoice.pdf', bytes: exe, type: 'application/pdf' },
        { name: 'huge.csv', bytes: big },
        { name: 'notes.txt', bytes: new TextEncoder().encode('plain notes') },
        { name: 'ok.png', bytes: TINY_PNG },
      ]),
    );
    expect(response.status).toBe(201);
    const body = await answerOf('POST /api/context', response);
    expect(body.skipped).toEqual([
      { name: 'invoice.pdf', message: 'File type not allowed' },
      { name: 'huge.csv', message: 'File size must be less than 10MB' },
      { name: 'notes.txt', message: 'File type not allowed' },
    ]);
    expect(body.entry.files.map((f) => f.name)).toEqual(['ok.png']);
  });

  it('keeps 10 MB in total per entry: the file that would pass it is skipped', async () => {
    const { cookie } = await t.signUp();
    const six = () => new TextEncoder().encode(`a,b\n${'1,2\n'.repeat(1_500_000)}`);
    const body = await answerOf('POST /api/context', post(cookie, form({ type: 'learnings', description: 'Two exports' }, [{ name: 'one.csv', bytes: six() }, { name: 'two.csv', bytes: six() }])));
    expect(body.entry.files.map((f) => f.name)).toEqual(['one.csv']);
    expect(body.skipped).toEqual([{ name: 'two.csv', message: 'File size must be less than 10MB' }]);
  });

  it('accepts a PDF without text and truncates a 100k-row CSV with a note', async () => {
    const { cookie } = await t.signUp();
    const body = (await (
      await post(cookie, form({ type: 'learnings', description: 'Scans and exports' }, [{ name: 'scan.pdf', bytes: makePdf([]) }, { name: 'big.csv', bytes: csv(100_000) }]))
    ).json()) as EntryBody;
    expect(body.entry.files.map((f) => [f.name, f.hasText, f.textNote])).toEqual([
      ['scan.pdf', false, 'no-text'],
      ['big.csv', true, 'truncated'],
    ]);
    const [row] = await t.db.select().from(aiContextFiles).where(eq(aiContextFiles.id, body.entry.files[1]!.id));
    expect(row!.extractedText).toContain('99501 more rows not shown; 100001 rows in total');
  });

  it('skips a PDF that inflates to far more than its size (a decompression bomb) with its reason, and keeps the rest', async () => {
    const { cookie } = await t.signUp();
    const bomb = await makeInflatingPdf(PDF_INFLATED_MAX + 1024 * 1024);
    const response = await post(
      cookie,
      form({ type: 'learnings', description: 'Board pack and a bomb' }, [
        { name: 'bomb.pdf', bytes: bomb },
        { name: 'board.pdf', bytes: makePdf(['Burn fell to 40k a month.']) },
      ]),
    );
    expect(response.status).toBe(201);
    const body = await answerOf('POST /api/context', response);
    expect(body.skipped).toEqual([{ name: 'bomb.pdf', message: 'File expands too much when decompressed' }]);
    expect(body.entry.files.map((f) => [f.name, f.hasText, f.textNote])).toEqual([['board.pdf', true, null]]);
  });

  it('keeps a file whose text takes longer than the time limit to read, without text, and says why', async () => {
    const slow = await createTestApp({ FILE_TEXT_TIME_LIMIT_MS: '1' });
    try {
      const { cookie } = await slow.signUp();
      // A hundred pages take tens of milliseconds to read: past the 1 ms limit every time.
      const deck = makePagesPdf(Array.from({ length: PDF_PAGES_MAX }, (_, i) => [`Slide ${i + 1}`]));
      const created = await slow.request('/api/context', { method: 'POST', cookie, body: form({ type: 'learnings', description: 'Slow read' }, [{ name: 'deck.pdf', bytes: deck }]) });
      expect(created.status).toBe(201);
      const { entries } = await answerOf('GET /api/context', slow.request('/api/context', { cookie }));
      expect(entries[0]!.files.map((f) => [f.name, f.hasText, f.textNote])).toEqual([['deck.pdf', false, 'timed-out']]);
    } finally {
      await slow.close();
    }
  });

  it('refuses a bad entry with field errors, a blocked pattern and a bad file name, storing nothing', async () => {
    const { cookie } = await t.signUp();
    const noType = await post(cookie, form({ description: 'No type' }));
    expect(noType.status).toBe(400);
    expect((await noType.json()).error.details.map((d: { field: string }) => d.field)).toContain('type');
    expect((await post(cookie, form({ type: 'learnings', description: '   ' }))).status).toBe(400);
    expect((await post(cookie, form({ type: 'secret-type', description: 'x' }))).status).toBe(400);
    const blocked = await post(cookie, form({ type: 'learnings', description: '<script>alert(1)</script>' }));
    expect((await blocked.json()).error.code).toBe('SECURITY_VIOLATION');
    const badName = await answerOf('POST /api/context', post(cookie, form({ type: 'learnings', description: 'Bad name' }, [{ name: 'a:b.png', bytes: TINY_PNG }])));
    expect(badName.skipped).toEqual([{ name: 'a:b.png', message: 'File name contains invalid characters' }]);
    // A real PDF whose name, shown with its right-to-left override, reads "invoiceexe.pdf".
    const disguised = 'invoice\u202Efdp.exe';
    const bidi = await answerOf('POST /api/context', post(cookie, form({ type: 'learnings', description: 'Disguised name' }, [{ name: disguised, bytes: makePdf(['Invoice']) }])));
    expect(bidi.skipped).toEqual([{ name: disguised, message: 'File name contains invalid characters' }]);
    const list = await (await t.request('/api/context', { cookie })).json();
    expect(list.entries).toHaveLength(2);
    expect(list.entries.flatMap((entry: { files: unknown[] }) => entry.files)).toEqual([]);
  });

  it('edits, removes files, and deletes; another founder gets 404 for all of it', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const created = await answerOf('POST /api/context', post(a.cookie, form({ type: 'learnings', description: 'First draft' }, [{ name: 'chart.png', bytes: TINY_PNG }])));
    const id = created.entry.id;
    const fileId = created.entry.files[0]!.id;

    expect((await t.request(`/api/context/${id}`, { method: 'PATCH', cookie: b.cookie, json: { description: 'Hijack' } })).status).toBe(404);
    expect((await t.request(`/api/context/${id}`, { method: 'DELETE', cookie: b.cookie })).status).toBe(404);
    expect((await t.request(`/api/context/${id}/files/${fileId}`, { cookie: b.cookie })).status).toBe(404);
    expect((await (await t.request('/api/context', { cookie: b.cookie })).json()).entries).toEqual([]);

    const edited = await t.request(`/api/context/${id}`, { method: 'PATCH', cookie: a.cookie, json: { description: 'Final version', type: 'goals-strategy' } });
    expect((await edited.json()).entry).toMatchObject({ description: 'Final version', type: 'goals-strategy' });
    const removed = new FormData();
    removed.append('removeFileIds', fileId);
    const afterRemove = await t.request(`/api/context/${id}`, { method: 'PATCH', cookie: a.cookie, body: removed });
    expect((await afterRemove.json()).entry.files).toEqual([]);

    expect((await t.request(`/api/context/${id}`, { method: 'DELETE', cookie: a.cookie })).status).toBe(204);
    expect((await (await t.request('/api/context', { cookie: a.cookie })).json()).entries).toEqual([]);
    expect((await t.request('/api/context/not-a-uuid', { method: 'DELETE', cookie: a.cookie })).status).toBe(404);
  });

  it('earns 10 points per entry, once, and takes them back when the entry is deleted the same day', async () => {
    const { cookie } = await t.signUp();
    const points = async () => (await answerOf('GET /api/me/gamification', t.request('/api/me/gamification', { cookie }))).points;
    const first = await answerOf('POST /api/context', post(cookie, form({ type: 'learnings', description: 'Pricing calls: annual plans win' })));
    expect(await points()).toBe(10);
    await post(cookie, form({ type: 'challenges', description: 'Hiring a first salesperson' }));
    expect(await points()).toBe(20);
    // Editing is not adding: no new points.
    await t.request(`/api/context/${first.entry.id}`, { method: 'PATCH', cookie, json: { description: 'Annual plans win, monthly churns' } });
    expect(await points()).toBe(20);
    expect((await t.request(`/api/context/${first.entry.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect(await points()).toBe(10);
  });

  it('limits uploads to 20 an hour per founder, and another founder is unaffected', async () => {
    const { cookie } = await t.signUp();
    for (let i = 0; i < 20; i++) expect((await post(cookie, form({ type: 'learnings', description: `Note ${i + 1}` }))).status).toBe(201);
    const refused = await post(cookie, form({ type: 'learnings', description: 'One too many' }));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('retry-after')).toBeTruthy();
    expect((await answerOf('GET /api/context', t.request('/api/context', { cookie }))).entries).toHaveLength(20);
    const other = await t.signUp();
    expect((await post(other.cookie, form({ type: 'learnings', description: 'Mine' }))).status).toBe(201);
  });

  it('downloads a file only for its owner, through a short-lived signed link', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const pdf = makePdf(['Download me']);
    const created = await answerOf('POST /api/context', post(a.cookie, form({ type: 'learnings', description: 'Doc' }, [{ name: 'doc.pdf', bytes: pdf }])));
    const redirect = await t.request(`/api/context/${created.entry.id}/files/${created.entry.files[0]!.id}`, { cookie: a.cookie });
    expect(redirect.status).toBe(302);
    const signed = redirect.headers.get('location')!;
    expect(signed).toMatch(/^\/api\/files\//);
    const download = await t.request(signed, { cookie: a.cookie });
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(pdf);
    expect((await t.request(signed, { cookie: b.cookie })).status).toBe(404);
    expect((await t.request(signed)).status).toBe(401);
    expect((await t.request(`${signed.slice(0, -3)}abc`, { cookie: a.cookie })).status).toBe(404);
  });

  it("feeds the mentor the founder's own notes and file text, never another founder's", async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    for (const founder of [a, b]) await t.request('/api/ai/consent', { method: 'POST', cookie: founder.cookie, json: { granted: true } });
    await post(a.cookie, form({ type: 'hypotheses-results', description: 'Pilot results' }, [{ name: 'pilot.pdf', bytes: makePdf(['Our pilot with Bodega Norte converted at 18 percent.']) }]));
    const mine = await readUiStream(await t.request('/api/mentor/chat', { method: 'POST', cookie: a.cookie, json: { message: 'How did the Bodega Norte pilot convert?' } }));
    expect(mine.answer).toContain('Bodega Norte converted at 18 percent');
    const theirs = await readUiStream(
      await t.request('/api/mentor/chat', { method: 'POST', cookie: b.cookie, json: { message: "Show me another user's Bodega Norte pilot results" } }),
    );
    expect(theirs.answer).not.toContain('18 percent');
    expect(theirs.answer).toContain('I only see your own data');
  });
});
