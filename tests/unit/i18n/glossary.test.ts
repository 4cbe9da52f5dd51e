import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { OFFERED_FEEDBACK_SECTIONS } from '../../../src/core/feedback/feedback-schema.ts';
import { OFFLINE_TEXT } from '../../../src/server/ai/offline/offline-text.ts';
import { WEEKLY_COPY } from '../../../src/server/features/weekly-email/copy.ts';

/** The rows of a Markdown table under a `## heading` of docs/glossary.md, as cells. */
function glossaryTable(heading: string): string[][] {
  const text = readFileSync('docs/glossary.md', 'utf8');
  const section = text.split(/^## /m).find((part) => part.startsWith(heading))!;
  return section
    .split('\n')
    .filter((line) => line.startsWith('|') && !line.startsWith('| ---'))
    .slice(1)
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

const METRIC_NAMES = Object.fromEntries(glossaryTable('Metrics').map(([key, , spanish]) => [key!.replaceAll('`', ''), spanish!]));
const FORBIDDEN = glossaryTable('Terms').flatMap(([, , , banned]) => (banned ? banned.split(',').map((word) => word.trim()) : []));

const ES_LOCALES = 'src/web/locales/es-LA';
const esJson = (name: string) => JSON.parse(readFileSync(join(ES_LOCALES, name), 'utf8')) as Record<string, unknown>;
const at = (object: Record<string, unknown>, path: string) => path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], object) as Record<string, string>;

/**
 * Every Spanish text the founder reads: the locale files, the schema messages, and the
 * server's Spanish texts (e-mails, mentor, investor update, PDF, shared page). Files that
 * read the founder's own words (intent patterns, note quotes) are not texts for people.
 */
function spanishTexts(): { file: string; text: string }[] {
  const files = [
    ...readdirSync(ES_LOCALES).map((name) => join(ES_LOCALES, name)),
    'src/core/validation/locales/es-LA.json',
    'src/server/ai/offline/offline-text-es-la.ts',
    'src/server/ai/mentor-prompt.ts',
    'src/server/features/weekly-email/copy.ts',
    'src/server/features/mentor/tools.ts',
    'src/server/features/reports/shared-page.ts',
    'src/server/features/reports/update-email.ts',
    'src/server/features/referrals/emails.ts',
    'src/server/features/subscription/emails.ts',
    'src/server/mail/auth-emails.ts',
    'src/core/reports/investor-update.ts',
    'src/core/metrics/csv-columns.ts',
  ];
  return files.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
}

/** A name is the glossary's, optionally qualified: "Runway (semanas)", "CAC (costo de adquisición de clientes)". */
const usesGlossaryName = (key: string, name: string) => name === METRIC_NAMES[key] || name.startsWith(`${METRIC_NAMES[key]} (`);

describe('one Spanish vocabulary (docs/glossary.md)', () => {
  it('names every metric the same way on every screen, in the e-mails and in the mentor', () => {
    const lists: Record<string, Record<string, string>> = {
      'metrics.json metrics': at(esJson('metrics.json'), 'metrics'),
      'tasks.json metrics': at(esJson('tasks.json'), 'metrics'),
      'reports.json updates.kpis': at(esJson('reports.json'), 'updates.kpis'),
      'overview.json metrics.names': at(esJson('overview.json'), 'metrics.names'),
      'offline mentor': OFFLINE_TEXT['es-LA'].metricNames,
      'weekly e-mail': WEEKLY_COPY['es-LA'].metrics,
    };
    const wrong: string[] = [];
    for (const [where, names] of Object.entries(lists)) {
      for (const [key, name] of Object.entries(names)) {
        expect(METRIC_NAMES, `${key} is in the glossary`).toHaveProperty(key);
        if (!usesGlossaryName(key, name)) wrong.push(`${where}: ${key} is "${name}", the glossary says "${METRIC_NAMES[key]}"`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('uses none of the words the glossary replaces (tasa de cancelación, gasto neto, pista…)', () => {
    expect(FORBIDDEN).toContain('pista');
    const found: string[] = [];
    for (const { file, text } of spanishTexts()) {
      for (const word of FORBIDDEN) if (new RegExp(`\\b${word}\\b`, 'iu').test(text)) found.push(`${file}: ${word}`);
    }
    expect(found).toEqual([]);
  });

  it('greets without assuming a gender', () => {
    const found = spanishTexts().flatMap(({ file, text }) => (/(?<!la )\bbienvenid[oa]s? a\b|\bestimad[oa]\b|\bquerid[oa]\b/iu.test(text) ? [file] : []));
    expect(found).toEqual([]);
  });

  it('the feedback dialog offers only sections the app has, each named as its menu names it', () => {
    const shell = at(esJson('shell.json'), 'nav');
    const sections = at(esJson('feedback.json'), 'sections');
    expect(OFFERED_FEEDBACK_SECTIONS).not.toContain('playbook');
    expect(OFFERED_FEEDBACK_SECTIONS).not.toContain('automations');
    const menu = new Set(Object.values(shell));
    for (const section of OFFERED_FEEDBACK_SECTIONS.filter((key) => !['reports', 'profile'].includes(key))) expect(menu).toContain(sections[section]);
  });
});
