import Papa from 'papaparse';
import { getDocumentProxy } from 'unpdf';
import { FILE_MESSAGES } from '../../../core/security/files.ts';
import { inflatesBeyond } from './pdf-inflation.ts';

/**
 * Reads a file's text for the mentor, inside the extraction worker (extract-text.ts):
 * PDF pages through unpdf, CSV rows through papaparse. Reading stops at the caps
 * (decision 104) and the text is cut with a note; a PDF without a text layer (a scan)
 * yields null. A PDF whose compressed streams would inflate past PDF_INFLATED_MAX is
 * refused before any page is read.
 */
export const EXTRACTED_TEXT_MAX = 50_000;
export const CSV_ROWS_MAX = 500;
export const PDF_PAGES_MAX = 100;
/** Ten times the largest file allowed; ordinary PDFs inflate to a few times their size. */
export const PDF_INFLATED_MAX = 100 * 1024 * 1024;

export type TextNote = 'truncated' | 'no-text' | 'unreadable' | 'timed-out';
export type Extracted = { text: string | null; note?: TextNote };
/** `refused`: the message the file is skipped with. */
export type FileTextResult = Extracted | { refused: string };
export type FileTextJob = { kind: 'pdf' | 'csv'; bytes: Uint8Array };
type PdfDocument = Awaited<ReturnType<typeof getDocumentProxy>>;

function cut(text: string): Extracted {
  const clean = text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  if (clean === '') return { text: null, note: 'no-text' };
  if (clean.length <= EXTRACTED_TEXT_MAX) return { text: clean };
  return { text: `${clean.slice(0, EXTRACTED_TEXT_MAX)}\n[… text truncated at ${EXTRACTED_TEXT_MAX} characters]`, note: 'truncated' };
}

/** PDF text items come with runs of spaces: one space each, none around line breaks (cut does the rest). */
const tidy = (text: string) => text.replace(/[^\S\n]+/g, ' ').replace(/ *\n */g, '\n');

async function pageText(pdf: PdfDocument, pageNumber: number) {
  const { items } = await (await pdf.getPage(pageNumber)).getTextContent();
  return items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join('');
}

async function pdfText(bytes: Uint8Array): Promise<FileTextResult> {
  if (inflatesBeyond(bytes, PDF_INFLATED_MAX)) return { refused: FILE_MESSAGES.inflated };
  let pdf: PdfDocument | undefined;
  try {
    // A copy of its own: pdf.js takes over the buffer it is given, and the upload's may be shared.
    pdf = await getDocumentProxy(new Uint8Array(bytes));
    const pages = Math.min(pdf.numPages, PDF_PAGES_MAX);
    const texts: string[] = [];
    let result: Extracted = { text: null, note: 'no-text' };
    // Reading stops once the text passes the cap: the pages after it would be cut anyway.
    for (let page = 1; page <= pages && result.note !== 'truncated'; page++) {
      texts.push(await pageText(pdf, page));
      result = cut(tidy(texts.join('\n')));
    }
    if (result.note === 'truncated' || result.text === null || pdf.numPages <= pages) return result;
    return { text: `${result.text}\n[… only the first ${pages} of ${pdf.numPages} pages were read]`, note: 'truncated' };
  } catch {
    return { text: null, note: 'unreadable' };
  } finally {
    await pdf?.loadingTask.destroy();
  }
}

/** A row as text, ending once it passes `room` characters (one row can hold a whole file). */
function rowText(fields: string[], room: number) {
  let text = '';
  for (let i = 0; i < fields.length && text.length <= room; i++) text += i === 0 ? fields[i] : `, ${fields[i]}`;
  return text;
}

/**
 * The first CSV_ROWS_MAX rows, up to the character cap; the others are only counted, one
 * row at a time, so a file of millions of rows never becomes millions of arrays at once.
 */
function csvText(bytes: Uint8Array): Extracted {
  const shown: string[] = [];
  let length = 0;
  let rows = 0;
  Papa.parse<string[]>(new TextDecoder().decode(bytes), {
    skipEmptyLines: true,
    step: ({ data }) => {
      rows += 1;
      if (shown.length === CSV_ROWS_MAX || length > EXTRACTED_TEXT_MAX) return;
      const line = rowText(data, EXTRACTED_TEXT_MAX - length);
      shown.push(line);
      length += line.length + 1;
    },
  });
  if (rows === 0) return { text: null, note: 'no-text' };
  if (shown.length === rows) return cut(shown.join('\n'));
  const result = cut(`${shown.join('\n')}\n[… ${rows - shown.length} more rows not shown; ${rows} rows in total]`);
  return { ...result, note: 'truncated' };
}

export async function readFileText(job: FileTextJob): Promise<FileTextResult> {
  return job.kind === 'pdf' ? pdfText(job.bytes) : csvText(job.bytes);
}
