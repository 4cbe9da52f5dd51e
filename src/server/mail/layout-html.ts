import { Body, Button, Container, Head, Hr, Html, Link, Preview, Section, Text } from '@react-email/components';
import { render } from '@react-email/render';
import { createElement as h } from 'react';
import { HTML_LANG } from '../../core/i18n/language.ts';
import { type EmailContent, PHONE_SHELL } from './email-content.ts';

/** The weekly e-mails' colours (src/server/features/weekly-email/templates.ts): fixed and high-contrast, as mail clients ignore themes. */
const COLORS = { text: '#111827', muted: '#4b5563', brand: '#0f766e', border: '#e5e7eb' };

/**
 * The account and subscription e-mails as one React Email layout (decision 143), the look of
 * the weekly e-mails (decision 172): the greeting, the paragraphs, one button, the small print,
 * the link spelled out for clients that hide buttons, and Rumbo's signature. Written with
 * createElement, as the server runs its TypeScript without a JSX step.
 */
function element({ language, greeting, paragraphs, action, notes }: EmailContent) {
  const small = { fontSize: '13px', color: COLORS.muted, margin: '4px 0' };
  return h(
    Html,
    { lang: HTML_LANG[language] },
    h(Head, null),
    h(Preview, null, paragraphs[0] ?? action.label),
    h(
      Body,
      { style: { backgroundColor: '#ffffff', color: COLORS.text, fontFamily: 'system-ui, -apple-system, Segoe UI, sans-serif' } },
      h(
        Container,
        { style: PHONE_SHELL },
        h(Text, { style: { fontSize: '20px', fontWeight: 700, color: COLORS.brand, margin: '0 0 16px' } }, 'Rumbo'),
        h(Text, null, greeting),
        ...paragraphs.map((paragraph) => h(Text, null, paragraph)),
        h(
          Section,
          { style: { margin: '24px 0' } },
          h(Button, { href: action.link, style: { backgroundColor: COLORS.brand, color: '#ffffff', padding: '12px 20px', borderRadius: '6px', fontWeight: 600 } }, action.label),
        ),
        ...notes.map((note) => h(Text, { style: small }, note)),
        h(Text, { style: { ...small, fontSize: '12px', wordBreak: 'break-all' } }, h(Link, { href: action.link, style: { color: COLORS.muted } }, action.link)),
        h(Hr, { style: { borderColor: COLORS.border, margin: '24px 0' } }),
        h(Text, { style: small }, '— Rumbo'),
      ),
    ),
  );
}

/** The HTML part of one message (src/server/mail/layout.ts writes its plain text). */
export function renderEmailHtml(content: EmailContent): Promise<string> {
  return render(element(content));
}
