import zlib from 'node:zlib';

/**
 * Decompression bombs (decision 104): would the PDF's Flate streams inflate to more than
 * `limit` bytes in total? A few kilobytes of deflated zeros inflate to megabytes, and
 * pdf.js inflates a page's content streams whole, in memory, to read its text. Each
 * stream is inflated here with zlib, never past what is left of `limit`, so the check
 * itself costs at most `limit` bytes. Images are skipped: text extraction never decodes
 * them. A stream whose first filter is not Flate, or that is encrypted, is not measured;
 * the extraction's time limit and the worker's memory limit stand behind it.
 */
const STREAM_START = /(?<!end)stream(?:\r\n|\n|\r)/g;
const FLATE_FIRST = /\/Filter\s*(?:\[\s*)?\/FlateDecode\b/;
const IMAGE = /\/Subtype\s*\/Image\b/;

export function inflatesBeyond(bytes: Uint8Array, limit: number): boolean {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const text = buffer.toString('latin1');
  let left = limit;
  for (const match of text.matchAll(STREAM_START)) {
    // The stream's dictionary: from its object's `obj` keyword to `stream`.
    const dictionary = text.slice(text.lastIndexOf('obj', match.index), match.index);
    if (!FLATE_FIRST.test(dictionary) || IMAGE.test(dictionary)) continue;
    try {
      // Z_SYNC_FLUSH: a truncated stream still counts what it inflates to (pdf.js reads it too).
      left -= zlib.inflateSync(buffer.subarray(match.index + match[0].length), {
        finishFlush: zlib.constants.Z_SYNC_FLUSH,
        maxOutputLength: left + 1,
      }).byteLength;
    } catch (error) {
      if ((error as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE') return true;
      // Not deflate data (encrypted, or damaged): pdf.js fails on it the same way or reads it within the limits.
    }
    if (left < 0) return true;
  }
  return false;
}
