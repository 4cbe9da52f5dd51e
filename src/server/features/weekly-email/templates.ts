import { Body, Button, Container, Head, Heading, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { plainTextSelectors, render, toPlainText } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import { HTML_LANG, type Language } from '../../../core/i18n/language.ts';
import { formatWeek } from '../../../core/metrics/iso-week.ts';
import { numberTextStyle } from '../../../core/numbers/number-text.ts';
import { formatIceTotal } from '../../../core/tasks/ice.ts';
import { TARGETS, type TargetedMetric } from '../../../core/metrics/targets.ts';
import { type WeeklyCopy, WEEKLY_COPY } from './copy.ts';
import { emailMetricFormat } from './email-numbers.ts';
import { askLink, insightLine } from './insight-lines.ts';
import type { MetricKey } from '../../../core/metrics/formulas.ts';
import type { FridayContent, KeyMetric, MetricChange, MondayContent } from './weekly-content.ts';

/**
 * The Monday and Friday e-mails as React Email elements (written with createElement: the
 * server runs its TypeScript as Node strips it, without a JSX step), rendered to HTML and
 * to the plain text beside it. Colours are fixed and high-contrast: mail clients ignore
 * the app's themes.
 */
export type Recipient = { name: string; language: Language; country: string | null; currency: string };
/** `mentor` is the mentor page, where an insight's "Ask the mentor" link opens with its question. */
export type Links = { action: string; settings: string; unsubscribe: string; mentor?: string };

const COLORS = { text: '#111827', muted: '#4b5563', brand: '#0f766e', border: '#e5e7eb' };
const cell = { padding: '6px 8px', borderBottom: `1px solid ${COLORS.border}`, textAlign: 'left' as const, fontSize: '14px' };

/** A calendar day as the founder reads it (27 November / 27 de noviembre): the day itself, in no time zone. */
const dueDay = (day: string, locale: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

function metricFormat(recipient: Recipient) {
  const format = emailMetricFormat(recipient);
  return (key: KeyMetric, value: number | null) => (value === null || !Number.isFinite(value) ? '—' : format(key, value));
}

function targetText(key: KeyMetric, format: ReturnType<typeof metricFormat>): string {
  if (!(key in TARGETS)) return '';
  const target = TARGETS[key as TargetedMetric];
  const sign = target.direction === 'below' ? '<' : target.direction === 'above' ? '>' : '≥';
  return `${sign} ${format(key, target.threshold)}`;
}

function layout(input: { language: Language; preview: string; copy: WeeklyCopy; links: Links; children: ReactNode[] }) {
  const { copy, links } = input;
  return h(
    Html,
    { lang: HTML_LANG[input.language] },
    h(Head, null),
    h(Preview, null, input.preview),
    h(
      Body,
      { style: { backgroundColor: '#ffffff', color: COLORS.text, fontFamily: 'system-ui, -apple-system, Segoe UI, sans-serif' } },
      h(
        Container,
        { style: { maxWidth: '560px', padding: '24px' } },
        ...input.children,
        h(Hr, { style: { borderColor: COLORS.border, margin: '24px 0' } }),
        h(Text, { style: { fontSize: '12px', color: COLORS.muted } }, copy.footer.why),
        h(
          Text,
          { style: { fontSize: '12px', color: COLORS.muted } },
          h(Link, { href: links.settings, style: { color: COLORS.muted, textDecoration: 'underline' } }, copy.footer.settings),
          ' · ',
          h(Link, { href: links.unsubscribe, style: { color: COLORS.muted, textDecoration: 'underline' } }, copy.footer.unsubscribe),
        ),
      ),
    ),
  );
}

const actionButton = (href: string, label: string) =>
  h(Button, { href, style: { backgroundColor: COLORS.brand, color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontWeight: 600 } }, label);

function changeLine(change: MetricChange, copy: WeeklyCopy, format: ReturnType<typeof metricFormat>): string {
  const name = copy.metrics[change.key];
  if (change.kind === 'status') return copy.monday.statusMoved(name, copy.status[change.from], copy.status[change.to]);
  return copy.monday[change.kind](name, format(change.key, change.from), format(change.key, change.to));
}

/** This week's insights, each with a link that opens the mentor with its question. */
function insightsSection(recipient: Recipient, content: MondayContent, links: Links, copy: WeeklyCopy): ReactNode[] {
  const metricName = (key: MetricKey) => copy.metrics[key as KeyMetric] ?? copy.monday.insights.metricNames[key] ?? key;
  return [
    h(Heading, { as: 'h2', style: { fontSize: '16px', marginTop: '20px' } }, copy.monday.insights.title),
    ...content.insights.map((insight) => {
      const line = insightLine(insight, recipient, metricName);
      return h(
        Text,
        { style: { margin: '6px 0' } },
        `• ${line} `,
        links.mentor ? h(Link, { href: askLink(links.mentor, line, recipient), style: { color: COLORS.brand, textDecoration: 'underline' } }, copy.monday.insights.ask) : null,
      );
    }),
  ];
}

export function mondayEmail(recipient: Recipient, content: MondayContent, links: Links) {
  const copy = WEEKLY_COPY[recipient.language];
  const format = metricFormat(recipient);
  const children: ReactNode[] = [h(Heading, { as: 'h1', style: { fontSize: '22px' } }, copy.monday.title), h(Text, null, copy.greeting(recipient.name))];
  if (!content.latest) {
    children.push(h(Text, null, copy.monday.empty));
  } else {
    const isLastWeek = content.latest.year === content.lastWeek.year && content.latest.week === content.lastWeek.week;
    children.push(h(Text, null, isLastWeek ? copy.monday.intro(formatWeek(content.latest)) : copy.monday.stale(formatWeek(content.latest), formatWeek(content.lastWeek))));
    const columns = copy.monday.columns;
    const header = [columns.metric, `${columns.value} (${formatWeek(content.latest)})`, content.previous ? `${columns.before} (${formatWeek(content.previous)})` : columns.before, columns.target, columns.status];
    children.push(
      h(
        'table',
        { className: 'metrics', cellPadding: 0, cellSpacing: 0, style: { width: '100%', borderCollapse: 'collapse', margin: '8px 0 16px' } },
        h('thead', null, h('tr', null, ...header.map((label) => h('th', { key: label, style: { ...cell, color: COLORS.muted, fontWeight: 600 } }, label)))),
        h(
          'tbody',
          null,
          ...content.rows.map((row) =>
            h(
              'tr',
              { key: row.key },
              h('td', { style: cell }, copy.metrics[row.key]),
              h('td', { style: { ...cell, fontWeight: 600 } }, row.notBurning ? copy.notBurning : format(row.key, row.value)),
              h('td', { style: cell }, format(row.key, row.before)),
              h('td', { style: cell }, targetText(row.key, format)),
              h('td', { style: cell }, row.status ? copy.status[row.status] : ''),
            ),
          ),
        ),
      ),
      h(Heading, { as: 'h2', style: { fontSize: '16px' } }, copy.monday.changed),
      ...(content.changes.length > 0 ? content.changes.map((change) => h(Text, { style: { margin: '4px 0' } }, `• ${changeLine(change, copy, format)}`)) : [h(Text, null, copy.monday.nothingChanged)]),
    );
  }
  if (content.insights.length > 0) children.push(...insightsSection(recipient, content, links, copy));
  children.push(h(Section, { style: { margin: '24px 0' } }, actionButton(links.action, copy.monday.action)));
  return { subject: copy.monday.subject(content.lastWeek.week), element: layout({ language: recipient.language, preview: copy.monday.preview, copy, links, children }) };
}

export function fridayEmail(recipient: Recipient, content: FridayContent, links: Links) {
  const copy = WEEKLY_COPY[recipient.language];
  const locale = HTML_LANG[recipient.language];
  const children: ReactNode[] = [
    h(Heading, { as: 'h1', style: { fontSize: '22px' } }, copy.friday.title),
    h(Text, null, copy.greeting(recipient.name)),
    h(Heading, { as: 'h2', style: { fontSize: '16px' } }, copy.friday.questionsTitle),
    ...copy.friday.questions.map((question, index) => h(Text, { style: { margin: '4px 0' } }, `${index + 1}. ${question}`)),
    h(Heading, { as: 'h2', style: { fontSize: '16px', marginTop: '20px' } }, copy.friday.tasksTitle),
    ...(content.tasks.length > 0
      ? content.tasks.map((task) =>
          h(Text, { style: { margin: '6px 0' } }, h('strong', null, copy.friday.ice(formatIceTotal(task.iceTotal, numberTextStyle(recipient).convention))), ` — ${task.hypothesis}`, task.dueDate ? ` (${copy.friday.due(dueDay(task.dueDate, locale))})` : ''),
        )
      : [h(Text, null, copy.friday.noTasks)]),
    h(Section, { style: { margin: '24px 0' } }, actionButton(links.action, copy.friday.action)),
  ];
  return { subject: copy.friday.subject, element: layout({ language: recipient.language, preview: copy.friday.preview, copy, links, children }) };
}

/** The metrics table reads as columns in plain text too; React Email's layout tables stay plain blocks. */
const TEXT_SELECTORS = [...plainTextSelectors, { selector: 'table.metrics', format: 'dataTable', options: { maxColumnWidth: 28 } }];

/** The HTML and its plain-text twin, from one element. */
export async function renderEmail(element: ReturnType<typeof layout>) {
  const html = await render(element);
  return { html, text: toPlainText(html, { selectors: TEXT_SELECTORS }) };
}
