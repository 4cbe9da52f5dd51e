import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import zlib from 'node:zlib';

/** A PDF object's body, or a stream with its dictionary entries (the length is added). */
type PdfObject = string | { dictionary: string; stream: Uint8Array };

/**
 * Writes objects numbered from 1 (the first is the catalog) with correct cross-reference
 * offsets, so PDF readers parse the file without repair.
 */
function writePdf(objects: PdfObject[]): Uint8Array {
  const parts: Buffer[] = [];
  let length = 0;
  const write = (part: string | Uint8Array) => {
    const bytes = typeof part === 'string' ? Buffer.from(part, 'latin1') : Buffer.from(part);
    parts.push(bytes);
    length += bytes.length;
  };
  write('%PDF-1.4\n');
  const offsets = objects.map((object, i) => {
    const offset = length;
    if (typeof object === 'string') {
      write(`${i + 1} 0 obj\n${object}\nendobj\n`);
    } else {
      write(`${i + 1} 0 obj\n<< ${object.dictionary} /Length ${object.stream.length} >>\nstream\n`);
      write(object.stream);
      write('\nendstream\nendobj\n');
    }
    return offset;
  });
  const xref = length;
  write(`xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`);
  write(`trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  return new Uint8Array(Buffer.concat(parts));
}

/**
 * Pages of text in Helvetica, one line of `lines` per text line. A page without lines has
 * no text layer, as a scanned document would. `deflate` compresses the pages' content
 * (FlateDecode), as most PDF writers do.
 */
export function makePagesPdf(pages: string[][], options: { deflate?: boolean } = {}): Uint8Array {
  const escape = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);
  const content = (lines: string[]) =>
    lines.length ? `BT /F1 12 Tf 72 720 Td 14 TL ${lines.map((line) => `(${escape(line)}) '`).join(' ')} ET` : '0 0 1 rg 72 600 200 100 re f';
  const stream = (lines: string[]) => {
    const bytes = Buffer.from(content(lines), 'latin1');
    return options.deflate ? { dictionary: '/Filter /FlateDecode', stream: zlib.deflateSync(bytes) } : { dictionary: '', stream: bytes };
  };
  // 1 catalog, 2 page tree, 3 font, then each page and its content.
  const pageObject = (i: number) => 4 + 2 * i;
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    `<< /Type /Pages /Kids [${pages.map((_, i) => `${pageObject(i)} 0 R`).join(' ')}] /Count ${pages.length} >>`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    ...pages.flatMap((lines, i) => [
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents ${pageObject(i) + 1} 0 R /Resources << /Font << /F1 3 0 R >> >> >>`,
      stream(lines),
    ]),
  ]);
}

/** A real, minimal PDF: one page with these lines (none: a page without a text layer). */
export const makePdf = (lines: string[]) => makePagesPdf([lines]);

/**
 * A decompression bomb: one page whose content stream is `inflatedBytes` of zeros,
 * deflated (a thousandth of that on disk). Deflated in chunks, so the zeros never sit in
 * memory at once.
 */
export async function makeInflatingPdf(inflatedBytes: number): Promise<Uint8Array> {
  const chunk = Buffer.alloc(1024 * 1024);
  const chunks = function* () {
    for (let left = inflatedBytes; left > 0; left -= chunk.length) yield left >= chunk.length ? chunk : chunk.subarray(0, left);
  };
  const deflated = await buffer(Readable.from(chunks()).pipe(zlib.createDeflate({ level: 9 })));
  return writePdf([
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R >>',
    { dictionary: '/Filter /FlateDecode', stream: deflated },
  ]);
}

/** The smallest valid PNG (1×1, transparent). */
export const TINY_PNG = Uint8Array.from(
  Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64'),
);
