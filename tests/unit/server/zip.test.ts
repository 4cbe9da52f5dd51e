import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { safeEntryName, zipStream } from '../../../src/server/platform/zip.ts';
import { readZip } from '../../support/read-zip.ts';

const bytesOf = (stream: ReadableStream<Uint8Array>) => new Response(stream).arrayBuffer().then((buffer) => new Uint8Array(buffer));
const text = (value: string) => new TextEncoder().encode(value);

describe('zipStream', () => {
  it('writes an archive a standard reader opens, every file byte for byte', async () => {
    const noise = randomBytes(50_000);
    const archive = await bytesOf(
      zipStream([
        { name: 'README.txt', bytes: text('Léeme: qué hay aquí\n'.repeat(200)) },
        { name: 'files/photo.png', bytes: noise },
        { name: 'empty.json', bytes: new Uint8Array() },
      ]),
    );
    const files = await readZip(archive);
    expect(files.map((file) => file.name)).toEqual(['README.txt', 'files/photo.png', 'empty.json']);
    expect(files[0]!.bytes.toString('utf8')).toBe('Léeme: qué hay aquí\n'.repeat(200));
    expect(files[1]!.bytes.equals(noise)).toBe(true);
    expect(files[2]!.bytes.length).toBe(0);
    // Text is deflated; random bytes would grow, so they are stored as they are.
    expect(files[0]!.method).toBe(8);
    expect(files[1]!.method).toBe(0);
    expect(archive.length).toBeLessThan(noise.length + 2_000);
  });

  it('reads its entries one at a time, as the stream is read', async () => {
    const produced: string[] = [];
    async function* entries() {
      for (const name of ['a.txt', 'b.txt', 'c.txt']) {
        produced.push(name);
        yield { name, bytes: text(name) };
      }
    }
    const reader = zipStream(entries()).getReader();
    await reader.read();
    expect(produced).toEqual(['a.txt']);
    await reader.cancel();
  });

  it('keeps UTF-8 names and never writes a path outside the archive', async () => {
    expect(safeEntryName('../../etc/passwd')).toBe('etc/passwd');
    expect(safeEntryName('/abs\\olute/./x.pdf')).toBe('abs/olute/x.pdf');
    expect(() => safeEntryName('../')).toThrow();
    const files = await readZip(await bytesOf(zipStream([{ name: 'contexto/año ñandú.pdf', bytes: text('x') }])));
    expect(files[0]!.name).toBe('contexto/año ñandú.pdf');
  });

  it('refuses two entries with the same name', async () => {
    const stream = zipStream([
      { name: 'a.txt', bytes: text('1') },
      { name: 'a.txt', bytes: text('2') },
    ]);
    await expect(bytesOf(stream)).rejects.toThrow(/Two zip entries/);
  });
});
