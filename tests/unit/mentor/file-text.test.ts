import { describe, expect, it } from 'vitest';
import { extractFileText } from '../../../src/server/ai/context/extract-text.ts';
import { EXTRACTED_TEXT_MAX, PDF_INFLATED_MAX, PDF_PAGES_MAX } from '../../../src/server/ai/context/file-text.ts';
import { makeInflatingPdf, makePagesPdf, makePdf } from '../../support/make-pdf.ts';

/** Reading uploaded PDFs and CSVs for the mentor within caps, off the main thread (decision 104). */

const pdf = (bytes: Uint8Array) => ({ mediaType: 'application/pdf', isCsv: false, bytes });
const csv = (text: string) => ({ mediaType: 'text/csv', isCsv: true, bytes: new TextEncoder().encode(text) });
/** Far above what any of these files needs, so a busy machine never turns a result into a time-out. */
const patient = { timeLimitMs: 120_000 };
const read = (file: ReturnType<typeof pdf>) => extractFileText(file, patient);

// Some of these files take seconds to read on a busy machine: more than the default 5 s allowed per test.
describe('file text for the mentor', { timeout: 60_000 }, () => {
  it('reads ordinary PDFs, deflated or not, and CSVs', async () => {
    expect(await read(pdf(makePdf(['Pilot converted at 18 percent.'])))).toEqual({ text: 'Pilot converted at 18 percent.' });
    const deflated = makePagesPdf([['Churn fell to 3 percent.'], ['Runway is 14 months.']], { deflate: true });
    expect(await read(pdf(deflated))).toEqual({ text: 'Churn fell to 3 percent.\nRunway is 14 months.' });
    expect(await read(csv('week,revenue\n1,1000\n'))).toEqual({ text: 'week, revenue\n1, 1000' });
    expect(await read(pdf(makePdf([])))).toEqual({ text: null, note: 'no-text' });
  });

  it(`reads the first ${PDF_PAGES_MAX} pages of a longer PDF and says so`, async () => {
    const pages = Array.from({ length: 150 }, (_, i) => [`Page ${i + 1} of the board pack`]);
    const result = await read(pdf(makePagesPdf(pages)));
    expect(result).toMatchObject({ note: 'truncated' });
    const text = 'text' in result ? result.text! : '';
    expect(text).toContain(`Page ${PDF_PAGES_MAX} of the board pack`);
    expect(text).not.toContain(`Page ${PDF_PAGES_MAX + 1} of`);
    expect(text.endsWith(`[… only the first ${PDF_PAGES_MAX} of 150 pages were read]`)).toBe(true);
  });

  it('cuts a long PDF at the character cap with a note', async () => {
    const line = 'Weekly revenue grew after the onboarding calls started. '.repeat(3);
    const pages = Array.from({ length: 60 }, (_, i) => Array.from({ length: 20 }, (_, j) => `${i}.${j} ${line}`));
    const result = await read(pdf(makePagesPdf(pages)));
    expect(result).toMatchObject({ note: 'truncated' });
    const text = 'text' in result ? result.text! : '';
    expect(text.endsWith(`[… text truncated at ${EXTRACTED_TEXT_MAX} characters]`)).toBe(true);
    expect(text.length).toBeLessThan(EXTRACTED_TEXT_MAX + 100);
  });

  it('refuses a PDF whose streams inflate past the limit, and reads one that stays under it', async () => {
    const bomb = await makeInflatingPdf(PDF_INFLATED_MAX + 1024 * 1024);
    // About a thousandth of what it inflates to.
    expect(bomb.byteLength).toBeLessThan(PDF_INFLATED_MAX / 500);
    expect(await read(pdf(bomb))).toEqual({ refused: 'File expands too much when decompressed' });
    // A page of blank content that inflates to 4 MB is only a page without text.
    expect(await read(pdf(await makeInflatingPdf(4 * 1024 * 1024)))).toEqual({ text: null, note: 'no-text' });
  });

  it('keeps a CSV of a million rows, or of one enormous row, within the caps', async () => {
    const rows = await read(csv('a\n'.repeat(1_000_000)));
    expect(rows).toMatchObject({ note: 'truncated' });
    expect('text' in rows && rows.text!.endsWith('[… 999500 more rows not shown; 1000000 rows in total]')).toBe(true);
    const wide = await read(csv(','.repeat(10_000_000)));
    expect(wide).toMatchObject({ note: 'truncated' });
    expect('text' in wide && wide.text!.length).toBeLessThan(EXTRACTED_TEXT_MAX + 100);
  });

  it('reads off the main thread: the event loop turns while a CSV of a million rows is parsed', async () => {
    let settled = false;
    const reading = read(csv('a\n'.repeat(1_000_000))).then((result) => {
      settled = true;
      return result;
    });
    // One turn of the event loop: timers run before a worker's answer could be taken in.
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(settled).toBe(false);
    expect(await reading).toMatchObject({ note: 'truncated' });
  });

  it('gives up on a file past its time limit, keeps it without text, and frees its turn', async () => {
    // Reading a hundred pages takes tens of milliseconds, even in a warm worker: 1 ms is always passed.
    const long = pdf(makePagesPdf(Array.from({ length: PDF_PAGES_MAX }, (_, i) => [`Minutes, page ${i + 1}`])));
    const late = await Promise.all([1, 2, 3].map(() => extractFileText(long, { timeLimitMs: 1 })));
    expect(late).toEqual([1, 2, 3].map(() => ({ text: null, note: 'timed-out' })));
    // The stopped workers gave their turns back: the next files are read as usual.
    const next = await Promise.all([1, 2, 3].map((n) => read(pdf(makePdf([`File ${n}`])))));
    expect(next).toEqual([{ text: 'File 1' }, { text: 'File 2' }, { text: 'File 3' }]);
  });
});
