import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type PDFDocument from 'pdfkit';

/**
 * The update PDF's fonts (decision 264): Inter, regular and bold, TrueType files shipped in
 * the `@expo-google-fonts/inter` package (SIL Open Font License 1.1, which allows embedding).
 * Every Spanish letter and sign (á, ñ, ü, ¿, ¡), arrows and dashes are in it; PDFKit embeds
 * only the glyphs used. Read from disk once, never downloaded.
 */
export type PdfDocument = InstanceType<typeof PDFDocument>;

const require = createRequire(import.meta.url);
let fonts: { regular: Buffer; bold: Buffer } | undefined;

function fontFiles() {
  fonts ??= {
    regular: readFileSync(require.resolve('@expo-google-fonts/inter/400Regular/Inter_400Regular.ttf')),
    bold: readFileSync(require.resolve('@expo-google-fonts/inter/700Bold/Inter_700Bold.ttf')),
  };
  return fonts;
}

/** A new A4 document with the fonts registered as `regular` and `bold`, and its metadata. */
export async function newPdfDocument(info: { title: string; author: string | null; language: string; margin: number }): Promise<PdfDocument> {
  // PDFKit and its font engine load with the first PDF, not at start (decision 304).
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({
    size: 'A4',
    margin: info.margin,
    lang: info.language,
    displayTitle: true,
    info: { Title: info.title, ...(info.author ? { Author: info.author } : {}), Creator: 'Rumbo' },
  });
  const { regular, bold } = fontFiles();
  doc.registerFont('regular', regular);
  doc.registerFont('bold', bold);
  return doc.font('regular');
}

/** The document's bytes once it is ended. */
export function pdfBytes(doc: PdfDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.end();
  });
}
