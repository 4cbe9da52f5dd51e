import { describe, expect, it } from 'vitest';
import { MalformedFormError, readMultipart } from '../../../src/server/http/multipart.ts';

/** The upload routes' multipart reader (decision 104), against bodies the platform writes and hand-made ones. */

/** A request carrying `form` as a browser would send it (undici writes the multipart body). */
const fromForm = (form: FormData) => new Request('http://localhost/upload', { method: 'POST', body: form });
/** Each part as [name, value] or [name, file name, size]. */
const summary = (parts: Awaited<ReturnType<typeof readMultipart>>) =>
  parts.map((part) => ('value' in part ? [part.name, part.value] : [part.name, part.file.name, part.file.bytes.byteLength]));
const raw = (body: string, boundary = 'XyZ') =>
  new Request('http://localhost/upload', { method: 'POST', headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, body });

describe('reading a multipart upload', () => {
  it('reads text fields and files in order, with names as sent, and the bytes exactly', async () => {
    const pdf = Uint8Array.from({ length: 70_000 }, (_, i) => (i * 7919) & 0xff);
    const form = new FormData();
    form.append('type', 'learnings');
    form.append('description', 'Pilot — "Bodega Norte"\r\nweek 2');
    form.append('files', new File([pdf], 'board "pack".pdf', { type: 'application/pdf' }));
    form.append('files', new File(['week,revenue\n1,1000\n'], 'invoice\u202Efdp.csv'));
    form.append('removeFileIds', 'a4f0');
    const parts = await readMultipart(fromForm(form));
    expect(summary(parts)).toEqual([
      ['type', 'learnings'],
      ['description', 'Pilot — "Bodega Norte"\r\nweek 2'],
      ['files', 'board "pack".pdf', 70_000],
      ['files', 'invoice\u202Efdp.csv', 20],
      ['removeFileIds', 'a4f0'],
    ]);
    const file = parts[2]!;
    expect('file' in file && Buffer.from(file.file.bytes).equals(Buffer.from(pdf))).toBe(true);
    // Shared with the extraction workers rather than copied to them.
    expect('file' in file && file.file.bytes.buffer instanceof SharedArrayBuffer).toBe(true);
  });

  it('takes a preamble, a quoted boundary, an empty file and an epilogue', async () => {
    const body = 'preamble\r\n--a b\r\nContent-Disposition: form-data; name="note"\r\n\r\nhi\r\n--a b\r\nContent-Disposition: form-data; name="files"; filename="empty.csv"\r\nContent-Type: text/csv\r\n\r\n\r\n--a b--\r\nepilogue';
    const parts = await readMultipart(raw(body, '"a b"'));
    expect(summary(parts)).toEqual([
      ['note', 'hi'],
      ['files', 'empty.csv', 0],
    ]);
  });

  it('refuses bodies that are not well-formed', async () => {
    const part = 'Content-Disposition: form-data; name="note"\r\n\r\nhi';
    const refused = [
      raw(`--XyZ\r\n${part}\r\n--XyZ--`, ''),
      raw('no parts at all'),
      raw(`--XyZ\r\n${part}`),
      raw(`--XyZ\r\nContent-Disposition: attachment; name="note"\r\n\r\nhi\r\n--XyZ--`),
      raw(`--XyZ\r\nContent-Disposition: form-data\r\n\r\nhi\r\n--XyZ--`),
      raw(`--XyZ\r\nContent-Disposition: form-data; name="note"\r\n--XyZ--`),
      raw(`--XyZ\r\n${part}\r\n--XyZjunk`),
      raw(`${Array.from({ length: 201 }, () => `--XyZ\r\n${part}\r\n`).join('')}--XyZ--`),
    ];
    for (const request of refused) await expect(readMultipart(request)).rejects.toBeInstanceOf(MalformedFormError);
  });
});
