import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { makePdf } from '../support/make-pdf.ts';
import { readUiStream } from './support/loopback-model.ts';
import { type LoopbackS3, startLoopbackS3 } from '../../scripts/lib/loopback-s3.ts';
import { createTestApp } from './support/test-app.ts';

let s3: LoopbackS3;
let t: Awaited<ReturnType<typeof createTestApp>>;
let dataDir: string;
beforeAll(async () => {
  s3 = await startLoopbackS3();
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'rumbo-s3-app-'));
  t = await createTestApp({ DATA_DIR: dataDir, ...s3.env });
});
afterAll(async () => {
  await t.close();
  await s3.close();
  rmSync(dataDir, { recursive: true, force: true });
});

type Entry = { id: string; files: { id: string; name: string; hasText: boolean }[] };

async function uploadPdf(cookie: string, text: string): Promise<Entry> {
  const body = new FormData();
  body.append('type', 'learnings');
  body.append('description', 'Pilot notes');
  body.append('files', new File([makePdf([text]) as BlobPart], 'pilot.pdf', { type: 'application/pdf' }));
  const response = await t.request('/api/context', { method: 'POST', cookie, body });
  expect(response.status).toBe(201);
  return ((await response.json()) as { entry: Entry }).entry;
}

describe('AI context files on S3-compatible storage', () => {
  it('stores the upload in the bucket and hands only its owner a presigned link to it', async () => {
    const a = await t.signUp();
    const b = await t.signUp();
    const entry = await uploadPdf(a.cookie, 'Stored in the bucket');
    const fileUrl = `/api/context/${entry.id}/files/${entry.files[0]!.id}`;

    const redirect = await t.request(fileUrl, { cookie: a.cookie });
    expect(redirect.status).toBe(302);
    const signed = new URL(redirect.headers.get('location')!);
    expect(signed.origin).toBe(s3.endpoint);
    expect(signed.pathname.startsWith(`/${s3.bucket}/`)).toBe(true);
    expect(signed.searchParams.get('X-Amz-Expires')).toBe('60');

    const download = await fetch(signed);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-disposition')).toContain('pilot.pdf');
    expect(new TextDecoder('latin1').decode(await download.arrayBuffer())).toContain('Stored in the bucket');

    expect(download.headers.get('content-type')).toBe('application/pdf');
    expect((await t.request(fileUrl, { cookie: b.cookie })).status).toBe(404);
  });

  it('feeds the mentor the text read back from the bucket', async () => {
    const { cookie } = await t.signUp();
    await t.request('/api/ai/consent', { method: 'POST', cookie, json: { granted: true } });
    await uploadPdf(cookie, 'Our pilot with Bodega Sur converted at 23 percent.');
    const reply = await readUiStream(await t.request('/api/mentor/chat', { method: 'POST', cookie, json: { message: 'How did the Bodega Sur pilot convert?' } }));
    expect(reply.answer).toContain('Bodega Sur converted at 23 percent');
  });

  it('removes the object from the bucket when the entry is deleted', async () => {
    const { cookie } = await t.signUp();
    const entry = await uploadPdf(cookie, 'Soon gone');
    const signed = (await t.request(`/api/context/${entry.id}/files/${entry.files[0]!.id}`, { cookie })).headers.get('location')!;
    expect((await fetch(signed)).status).toBe(200);
    expect((await t.request(`/api/context/${entry.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    expect((await fetch(signed)).status).toBe(404);
  });
});
