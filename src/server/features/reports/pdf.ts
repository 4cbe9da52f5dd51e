import type { LineChart } from '../../../core/reports/update-charts.ts';
import { CHART_DATE_SPACE, CHART_TITLE_SPACE, lineChartOperators } from './pdf-chart.ts';
import { escapePdf as escape, latin1 } from './pdf-text.ts';

/**
 * A plain PDF of an investor update (decision 184): text in Helvetica, A4, one line per
 * Markdown line, wrapped, then the charts drawn with path operators. Written by hand because
 * the app has no PDF library installed; every byte is Latin-1 (WinAnsi), which covers English
 * and Spanish.
 */
const PAGE = { width: 595, height: 842, margin: 56 };
const LINE = 15;
const WRAP = 92;
/** A chart: room for the min/max labels left of the box, the box, and space around it. */
const CHART = { gutter: 64, height: 120, gap: 24 };
const CHART_BLOCK = CHART.gap + CHART_TITLE_SPACE + CHART.height + CHART_DATE_SPACE;

function wrap(line: string, width: number): string[] {
  const lines: string[] = [];
  let current = '';
  for (const word of line.split(' ')) {
    if (current && current.length + word.length + 1 > width) {
      lines.push(current);
      current = `  ${word}`;
    } else current = current ? `${current} ${word}` : word;
  }
  lines.push(current);
  return lines;
}

/** The PDF bytes of a Markdown text (headings larger and bold, list marks as bullets), then the charts. */
export function markdownPdf(markdown: string, charts: readonly LineChart[] = []): Buffer {
  const rows: { text: string; size: number; bold: boolean }[] = [];
  for (const raw of markdown.split('\n')) {
    const heading = /^(#{1,3})\s+(.*)$/.exec(raw);
    if (heading) {
      const size = heading[1]!.length === 1 ? 18 : 14;
      rows.push({ text: latin1(heading[2]!), size, bold: true });
      continue;
    }
    const text = latin1(raw.replace(/^(\s*)- /, '$1\u0095 ').replace(/\*\*/g, ''));
    for (const part of wrap(text, WRAP)) rows.push({ text: part, size: 11, bold: false });
  }

  const pages: string[] = [];
  let stream = '';
  let y = PAGE.height - PAGE.margin;
  for (const row of rows) {
    const height = row.size > 11 ? row.size + 8 : LINE;
    if (y - height < PAGE.margin) {
      pages.push(stream);
      stream = '';
      y = PAGE.height - PAGE.margin;
    }
    y -= height;
    stream += `BT /${row.bold ? 'F2' : 'F1'} ${row.size} Tf ${PAGE.margin} ${y} Td (${escape(row.text)}) Tj ET\n`;
  }
  for (const chart of charts) {
    if (y - CHART_BLOCK < PAGE.margin) {
      pages.push(stream);
      stream = '';
      y = PAGE.height - PAGE.margin + CHART.gap;
    }
    const box = { x: PAGE.margin + CHART.gutter, y: y - CHART.gap - CHART_TITLE_SPACE - CHART.height, width: PAGE.width - 2 * PAGE.margin - CHART.gutter, height: CHART.height };
    stream += lineChartOperators(chart, box);
    y -= CHART_BLOCK;
  }
  pages.push(stream);

  const objects: string[] = [];
  const fonts = (base: string) => `<< /Type /Font /Subtype /Type1 /BaseFont /${base} /Encoding /WinAnsiEncoding >>`;
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[3] = fonts('Helvetica');
  objects[4] = fonts('Helvetica-Bold');
  const kids: string[] = [];
  pages.forEach((content, index) => {
    const pageId = 5 + index * 2;
    const contentId = pageId + 1;
    kids.push(`${pageId} 0 R`);
    objects[pageId] = `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 ${PAGE.width} ${PAGE.height}] /Resources << /Font << /F1 3 0 R /F2 4 0 R >> >> /Contents ${contentId} 0 R >>`;
    objects[contentId] = `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}endstream`;
  });
  objects[2] = `<< /Type /Pages /Kids [${kids.join(' ')}] /Count ${pages.length} >>`;

  let body = '%PDF-1.4\n%\u00e2\u00e3\u00cf\u00d3\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = Buffer.byteLength(body, 'latin1');
    body += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) body += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  body += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
