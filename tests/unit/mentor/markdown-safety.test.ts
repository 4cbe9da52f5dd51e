import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { escapeMarkdown, isSafeLinkHref } from '../../../src/core/mentor/markdown-safety.ts';
import type { MentorContext } from '../../../src/server/ai/context/build-context.ts';
import { offlineAnswer } from '../../../src/server/ai/offline/offline-mentor.ts';
import { MarkdownAnswer } from '../../../src/web/features/mentor/markdown-answer.tsx';
import { mentorContext, weeks } from '../../support/mentor-context.ts';

const render = (text: string) => renderToStaticMarkup(createElement(MarkdownAnswer, { text }));
const LINK_NAME = '[Claim your prize](https://evil.example/phish)';
const IMAGE_NAME = '![x](https://evil.example/pixel.png)';

/** A founder whose task, strategy and note are written as links, images and markup. */
function contextWith(hypothesis: string, statement: string): MentorContext {
  const context = mentorContext({
    weeks: weeks({ cashBalance: 88_000 }),
    tasks: [{ id: '1', hypothesis, whyRelevant: 'x', metric: 'mrr', targetValue: 1, iceTotal: 2 }],
    notes: [{ type: 'learnings', text: 'What next for **Loud** deck: <b>bold</b> [link](javascript:alert(1))' }],
  });
  return { ...context, facts: { ...context.facts, strategy: { version: 1, coreProblem: 'Shops lose sales to stock-outs every week', maximas: [], statement } } };
}

describe("founder text in the offline mentor's Markdown", () => {
  it('escapes every Markdown and HTML opener and folds line breaks', () => {
    expect(escapeMarkdown('a_b*c [d](e) ![f](g) <h> `i` #j')).toBe('a\\_b\\*c \\[d\\](e) \\!\\[f\\](g) \\<h\\> \\`i\\` \\#j');
    expect(escapeMarkdown('line one\n\n# line two')).toBe('line one \\# line two');
  });

  it('shows a task, a strategy or a note written as a link, an image or markup as the characters typed, in both languages', () => {
    for (const language of ['en', 'es-LA'] as const) {
      const html = render(offlineAnswer({ question: language === 'en' ? 'What next for the deck?' : '¿Qué sigue con el deck?', language, context: contextWith(LINK_NAME, IMAGE_NAME) }).text);
      // A bare address may stay clickable, but only ever shows itself: no link hides behind other words.
      const links = [...html.matchAll(/<a href="([^"]*)"[^>]*>([^<]*)<\/a>/g)];
      for (const [, href, shown] of links) expect(shown).toBe(decodeURI(href ?? ''));
      expect(html).not.toContain('>Claim your prize</a>');
      expect(html).not.toContain('<img');
      const shownText = html
        .replace(/<[^>]+>/g, '')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, '&');
      expect(shownText).toContain('[Claim your prize](https://evil.example/phish)');
      expect(shownText).toContain('![x](https://evil.example/pixel.png)');
      expect(shownText).toContain('**Loud** deck: <b>bold</b> [link](javascript:alert(1))');
      expect(html).not.toContain('<b>');
    }
  });
});

describe('links and images in a chat answer', () => {
  it('follows only http(s) links', () => {
    expect(isSafeLinkHref('https://rumbo.example/guide')).toBe(true);
    expect(isSafeLinkHref('http://localhost:3000/metrics')).toBe(true);
    for (const href of ['javascript:alert(1)', 'JAVASCRIPT:alert(1)', 'data:text/html,x', 'mailto:a@b.c', '/relative', '//evil.example', undefined]) {
      expect(isSafeLinkHref(href), String(href)).toBe(false);
    }
  });

  it("renders a model's image as its alt text and a non-http link as plain text", () => {
    const html = render('See ![the chart](https://evil.example/pixel.png) and [this](mailto:ceo@evil.example) and [docs](https://rumbo.example/docs).');
    expect(html).not.toContain('<img');
    expect(html).toContain('the chart');
    expect(html).not.toContain('mailto:');
    expect(html).toContain('<a href="https://rumbo.example/docs" target="_blank" rel="noopener noreferrer"');
  });
});
