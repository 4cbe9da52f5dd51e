/**
 * The decision records' index (docs/decisions/README.md), built from the records themselves:
 * each record's number, title and status line, and which later records changed it. The unit
 * test tests/unit/decisions-index.test.ts fails when the README differs from what this builds,
 * so a new record is indexed in the commit that adds it (`npm run docs:decisions` writes it).
 */
import fs from 'node:fs';
import path from 'node:path';

export const DECISIONS_DIR = path.resolve(import.meta.dirname, '../../docs/decisions');
export const INDEX_FILE = path.join(DECISIONS_DIR, 'README.md');

export type DecisionRecord = { number: string; file: string; title: string; status: string };

const RECORD_FILE = /^(\d{3})-[\w-]+\.md$/;

/** Every record but the template, in number order. */
export function readDecisionRecords(folder = DECISIONS_DIR): DecisionRecord[] {
  return fs
    .readdirSync(folder)
    .filter((file) => RECORD_FILE.test(file) && !file.startsWith('000-'))
    .sort()
    .map((file) => {
      const text = fs.readFileSync(path.join(folder, file), 'utf8');
      const title = /^#\s+\d{3}\s+[—-]\s+(.+)$/m.exec(text)?.[1]?.trim();
      const status = /^- Status:\s*(.+)$/m.exec(text)?.[1]?.trim();
      if (!title || !status) throw new Error(`${file}: a record starts with "# NNN — Title" and has a "- Status:" line`);
      return { number: RECORD_FILE.exec(file)![1]!, file, title, status };
    });
}

/** The numbers a status line names, after a phrase that says who changed whom. */
function numbersAfter(status: string, phrase: RegExp): string[] {
  return [...status.matchAll(phrase)].flatMap((match) => [...match[1]!.matchAll(/\b(\d{3})\b/g)].map((number) => number[1]!));
}

/**
 * Which records changed each one: record B changed A when A's status says "superseded by B"
 * (or amended, settled, replaced, changed by B), or B's status says it supersedes, replaces,
 * amends, changes or extends A.
 */
export function changedBy(records: DecisionRecord[]): Map<string, Set<string>> {
  const changes = new Map<string, Set<string>>();
  const add = (changed: string, by: string) => {
    if (changed === by) return;
    if (!changes.has(changed)) changes.set(changed, new Set());
    changes.get(changed)!.add(by);
  };
  for (const record of records) {
    for (const later of numbersAfter(record.status, /(?:superseded|amended|settled|replaced|changed) by\b([^;]*)/gi)) add(record.number, later);
    for (const earlier of numbersAfter(record.status, /\b(?:supersedes|replaces|amends|changes|extends)\b([^;]*)/gi)) add(earlier, record.number);
  }
  return changes;
}

const cell = (text: string) => text.replace(/\|/g, '\\|');

/** The README's text for these records. */
export function decisionsIndex(records: DecisionRecord[]): string {
  const changes = changedBy(records);
  const known = new Set(records.map((record) => record.number));
  const fileOf = new Map(records.map((record) => [record.number, record.file]));
  const rows = records.map((record) => {
    const later = [...(changes.get(record.number) ?? [])].filter((number) => known.has(number)).sort();
    const links = later.map((number) => `[${number}](${fileOf.get(number)})`).join(', ');
    return `| [${record.number}](${record.file}) | ${cell(record.title)} | ${cell(record.status)} | ${links} |`;
  });
  return [
    '# Decision records',
    '',
    'Each record says what was decided where the product left a choice open, why, and what follows (the template is [000](000-template.md)). A record is never rewritten to say something else: a later record supersedes or amends it, and both say so in their status lines. This index is built from the records by `npm run docs:decisions`; a unit test fails when it is out of date.',
    '',
    `${records.length} records.`,
    '',
    '| # | decision | status | changed by |',
    '|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}
