/** Text as a PDF string of the standard fonts: every byte Latin-1 (WinAnsi), which covers English and Spanish. */

/** Characters outside Latin-1 that updates use, as the nearest WinAnsi spelling. */
const REPLACEMENTS: Record<string, string> = { '→': '->', '−': '-', '—': '-', '–': '-', '…': '...', '’': "'", '‘': "'", '“': '"', '”': '"', '\u202f': ' ', '\u00a0': ' ' };

export function latin1(text: string): string {
  return [...text].map((char) => REPLACEMENTS[char] ?? (char.charCodeAt(0) <= 0xff ? char : '?')).join('');
}

/** A literal string for `Tj`: backslash and parentheses escaped. */
export const escapePdf = (text: string) => text.replace(/[\\()]/g, (char) => `\\${char}`);

/** `BT … ET` placing text with its baseline's left end at (x, y). */
export function textAt(text: string, x: number, y: number, size: number, font: 'F1' | 'F2' = 'F1'): string {
  return `BT /${font} ${size} Tf ${num(x)} ${num(y)} Td (${escapePdf(latin1(text))}) Tj ET\n`;
}

/** A coordinate as PDF writes it: at most two decimals, no trailing zeros. */
export function num(value: number): string {
  return String(Math.round(value * 100) / 100);
}

/**
 * Helvetica's advance widths in thousandths of the font size, for the characters labels use
 * (digits, currency signs, separators), so a label can be right-aligned; others count as 556.
 */
const WIDTHS: Record<string, number> = { ' ': 278, ',': 278, '.': 278, '-': 333, $: 556, '\u00a0': 278, '\u202f': 278, U: 722, S: 667, M: 833, X: 667, N: 722, E: 667, R: 722, C: 722, O: 778, P: 667, B: 667, L: 556 };

export function textWidth(text: string, size: number): number {
  return ([...text].reduce((sum, char) => sum + (WIDTHS[char] ?? 556), 0) * size) / 1000;
}
