import { Body, Button, Column, Container, Head, Heading, Hr, Html, Link, Preview, Row, Section, Text } from '@react-email/components';
import { plainTextSelectors, render, toPlainText } from '@react-email/render';
import { createElement as h, type ReactNode } from 'react';
import { HTML_LANG, type Language } from '../../../core/i18n/language.ts';
import { numberTextStyle } from '../../../core/numbers/number-text.ts';
import { METRIC_UNITS } from '../../../core/metrics/metric-units.ts';
import { weekStartDay } from '../../../core/metrics/week-label.ts';
import { formatIceTotal } from '../../../core/tasks/ice.ts';
import { TARGETS, type TargetedMetric } from '../../../core/metrics/targets.ts';
import { PHONE_SHELL } from '../../mail/email-content.ts';
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
/**
 * Phone first (decision 260): the mail module's one shrinking column, and each metric a
 * two-column row (name, target and the week before | value and status) that fits 390 px
 * where a five-column table did not.
 */
const small = { fontSize: '13px', lineHeight: '18px', color: COLORS.muted, margin: '2px 0 0' };

/** A calendar day as the founder reads it (27 November / 27 de noviembre): the day itself, in no time zone. */
const dueDay = (day: string, locale: string) => new Intl.DateTimeFormat(locale, { day: 'numeric', month: 'long', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));

/** A metric's value with its unit: money and percentages carry theirs, weeks and multiples get theirs from the copy. */
function metricFormat(recipient: Recipient) {
  const format = emailMetricFormat(recipient);
  const units = WEEKLY_COPY[recipient.language].units;
  return (key: KeyMetric, value: number | null) => {
    if (value === null || !Number.isFinite(value)) return '—';
    const unit = METRIC_UNITS[key];
    return unit === 'weeks' ? units.weeks(format(key, value)) : unit === 'multiple' ? units.multiple(format(key, value)) : format(key, value);
  };
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
        { style: PHONE_SHELL },
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
    const day = (key: { year: number; week: number }) => weekStartDay(key, recipient.language);
    children.push(h(Text, null, isLastWeek ? copy.monday.intro(day(content.latest)) : copy.monday.stale(day(content.latest), day(content.lastWeek))));
    const columns = copy.monday.columns;
    children.push(
      h(
        Section,
        { className: 'metrics', style: { margin: '8px 0 16px' } },
        ...content.rows.map((row) => {
          const target = targetText(row.key, format);
          const detail = [target ? `${columns.target}: ${target}` : '', `${columns.before}: ${format(row.key, row.before)}`].filter(Boolean).join(' · ');
          const name = h(Column, { key: 'name', style: { padding: '8px 8px 8px 0', verticalAlign: 'top' } }, h(Text, { className: 'metric-line', style: { fontSize: '15px', lineHeight: '20px', margin: 0 } }, copy.metrics[row.key]), h(Text, { className: 'metric-line', style: small }, detail));
          const value = h(
            Column,
            { key: 'value', align: 'right', style: { padding: '8px 0', verticalAlign: 'top', width: '40%' } },
            // A figure breaks only between its currency and its digits, never inside the number.
            h(Text, { className: 'metric-line', style: { fontSize: '15px', lineHeight: '20px', fontWeight: 600, margin: 0, overflowWrap: 'normal' } }, row.notBurning ? copy.notBurning : format(row.key, row.value)),
            h(Text, { className: 'metric-line', style: small }, row.status ? copy.status[row.status] : ''),
          );
          return h(Row, { key: row.key, style: { borderBottom: `1px solid ${COLORS.border}` }, children: [name, value] });
        }),
      ),
      h(Heading, { as: 'h2', style: { fontSize: '16px' } }, copy.monday.changed),
      ...(content.changes.length > 0 ? content.changes.map((change) => h(Text, { style: { margin: '4px 0' } }, `• ${changeLine(change, copy, format)}`)) : [h(Text, null, copy.monday.nothingChanged)]),
    );
  }
  if (content.insights.length > 0) children.push(...insightsSection(recipient, content, links, copy));
  children.push(h(Section, { style: { margin: '24px 0' } }, actionButton(links.action, copy.monday.action)));
  return { subject: copy.monday.subject(weekStartDay(content.lastWeek, recipient.language)), element: layout({ language: recipient.language, preview: copy.monday.preview, copy, links, children }) };
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

/** In plain text each metric reads as four lines (name, target and week before, value, status), metrics a blank line apart. */
const TEXT_SELECTORS = [...plainTextSelectors, { selector: 'p.metric-line', format: 'block', options: { leadingLineBreaks: 1, trailingLineBreaks: 1 } }];

/** The HTML and its plain-text twin, from one element. */
export async function renderEmail(element: ReturnType<typeof layout>) {
  const html = await render(element);
  return { html, text: toPlainText(html, { selectors: TEXT_SELECTORS }) };
}
