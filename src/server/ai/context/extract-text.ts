import Papa from 'papaparse';
import { extractText } from 'unpdf';

/**
 * Text for the mentor from an uploaded file: PDF pages through unpdf, CSV rows
 * through papaparse. Big files are cut with a note rather than failing; a PDF without a
 * text layer (a scan) yields null, and the entry's description carries it.
 */
export const EXTRACTED_TEXT_MAX = 50_000;
export const CSV_ROWS_MAX = 500;

export type Extracted = { text: string | null; note?: 'truncated' | 'no-text' | 'unreadable' };

function cut(text: string): Extracted {
  const clean = text.replace(/[ \t]+\n/g, '\n').replace(/\n{3,}/g, '\n\n').trim();
  if (clean === '') return { text: null, note: 'no-text' };
  if (clean.length <= EXTRACTED_TEXT_MAX) return { text: clean };
  return { text: `${clean.slice(0, EXTRACTED_TEXT_MAX)}\n[… text truncated at ${EXTRACTED_TEXT_MAX} characters]`, note: 'truncated' };
}

async function pdfText(bytes: Uint8Array): Promise<Extracted> {
  try {
    const { text } = await extractText(new Uint8Array(bytes), { mergePages: true });
    return cut(text);
  } catch {
    return { text: null, note: 'unreadable' };
  }
}

function csvText(source: string): Extracted {
  const parsed = Papa.parse<string[]>(source, { skipEmptyLines: true });
  const rows = parsed.data;
  if (rows.length === 0) return { text: null, note: 'no-text' };
  const shown = rows.slice(0, CSV_ROWS_MAX).map((row) => row.join(', ')).join('\n');
  if (rows.length <= CSV_ROWS_MAX) return cut(shown);
  const result = cut(`${shown}\n[… ${rows.length - CSV_ROWS_MAX} more rows not shown; ${rows.length} rows in total]`);
  return { ...result, note: 'truncated' };
}

export async function extractFileText(file: { mediaType: string; isCsv: boolean; bytes: Uint8Array }): Promise<Extracted> {
  if (file.mediaType === 'application/pdf') return pdfText(file.bytes);
  if (file.isCsv) return csvText(new TextDecoder().decode(file.bytes));
  return { text: null };
}
