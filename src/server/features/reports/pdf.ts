import { HTML_LANG, type Language } from '../../../core/i18n/language.ts';
import { startupInitial } from '../../../core/reports/period-label.ts';
import type { LineChart } from '../../../core/reports/update-charts.ts';
import { CHART_DATE_SPACE, CHART_TITLE_SPACE, drawLineChart } from './pdf-chart.ts';
import { newPdfDocument, pdfBytes, type PdfDocument } from './pdf-fonts.ts';

/**
 * The investor update as a PDF, drawn with PDFKit (decision 264): A4, the startup's initial
 * and name on top, the update's Markdown as text (headings larger and bold, list marks as
 * bullets, lines wrapped by the library), then the cash and MRR charts. The text is Inter,
 * embedded, so every Spanish character prints and can be searched and copied.
 */
const MARGIN = 56;
/** A chart: room for the min/max labels left of the box, the box, and space around it. */
const CHART = { gutter: 64, height: 120, gap: 24 };
const CHART_BLOCK = CHART.gap + CHART_TITLE_SPACE + CHART.height + CHART_DATE_SPACE;
const BRAND = '#0f766e';
const LOGO = 36;

/** What the PDF prints of an update: its title, language, startup and Markdown. */
export type PdfUpdate = { title: string; language: Language; startupName: string | null; markdown: string };

/** The startup's initial in a rounded square, its name beside it (decision 261). */
function masthead(doc: PdfDocument, startupName: string | null) {
  const initial = startupInitial(startupName);
  if (!initial) return;
  const top = doc.y;
  doc.save().roundedRect(MARGIN, top, LOGO, LOGO, 7).fill(BRAND).restore();
  doc.font('bold').fontSize(20).fillColor('#ffffff');
  doc.text(initial, MARGIN, top + (LOGO - doc.currentLineHeight()) / 2, { width: LOGO, align: 'center', lineBreak: false });
  doc.fontSize(16).fillColor('#111111');
  doc.text(startupName!.trim(), MARGIN + LOGO + 12, top + (LOGO - doc.currentLineHeight()) / 2, { width: doc.page.width - 2 * MARGIN - LOGO - 12, lineBreak: false, ellipsis: true });
  doc.x = MARGIN;
  doc.y = top + LOGO + 14;
}

/** One Markdown line as the PDF writes it. */
function markdownLine(doc: PdfDocument, raw: string) {
  const width = doc.page.width - 2 * MARGIN;
  const heading = /^(#{1,3})\s+(.*)$/.exec(raw);
  if (heading) {
    doc.moveDown(0.3).font('bold').fontSize(heading[1]!.length === 1 ? 18 : 14).text(heading[2]!, MARGIN, doc.y, { width }).moveDown(0.2);
    return;
  }
  const item = /^(\s*)- (.*)$/.exec(raw);
  const indent = /^\s{2}\S/.test(raw) ? 14 : 0;
  const text = (item ? `• ${item[2]}` : raw.trim()).replace(/\*\*/g, '');
  doc.font('regular').fontSize(11);
  if (!text) doc.moveDown(0.4);
  else doc.text(text, MARGIN + indent, doc.y, { width: width - indent, lineGap: 2 });
}

/** The PDF bytes of an update and its charts. */
export async function updatePdf(update: PdfUpdate, charts: readonly LineChart[] = []): Promise<Buffer> {
  const doc = await newPdfDocument({ title: update.title, author: update.startupName, language: HTML_LANG[update.language], margin: MARGIN });
  doc.fillColor('#111111');
  masthead(doc, update.startupName);
  for (const line of update.markdown.split('\n')) markdownLine(doc, line);
  const bottom = doc.page.height - MARGIN;
  for (const chart of charts) {
    if (doc.y + CHART_BLOCK > bottom) doc.addPage();
    const top = doc.y + CHART.gap;
    drawLineChart(doc, chart, { x: MARGIN + CHART.gutter, top, width: doc.page.width - 2 * MARGIN - CHART.gutter, height: CHART.height });
    doc.x = MARGIN;
    doc.y = top + CHART_TITLE_SPACE + CHART.height + CHART_DATE_SPACE;
  }
  return pdfBytes(doc);
}
