import { describe, expect, it } from 'vitest';
import { withFirstScreen } from '../../../src/server/http/first-screen.ts';

/** A shell as scripts/prerender.ts writes it, reduced to what withFirstScreen works on. */
const SHELL = `<html><head>
    <link rel="stylesheet" crossorigin href="/assets/index.css">
    <link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/main.js">
    <link rel="preload" as="fetch" crossorigin="use-credentials" fetchpriority="low" href="/api/auth/get-session">
    <link rel="preload" as="fetch" crossorigin fetchpriority="low" href="/api/metrics/summary?range=12w">
  </head><body><div id="root" data-namespaces="metrics">frame</div></body></html>`;

describe('a page with its first screen drawn (decision 315)', () => {
  it('keeps inline data that holds a closing script tag from ending its element early', () => {
    const html = withFirstScreen(SHELL, { markup: '<h1>Hola</h1>', data: { answers: { note: '</script><script>alert(1)</script><!--' } } });
    const data = /<script type="application\/json" id="first-screen-data">(.*?)<\/script>/s.exec(html)?.[1] ?? '';
    expect(data).not.toMatch(/<\/script|<!--/i);
    expect(JSON.parse(data)).toEqual({ answers: { note: '</script><script>alert(1)</script><!--' } });
  });

  it('shows the drawing and hides the app until it takes over, and holds every preload but the answered reads until after the paint', () => {
    const html = withFirstScreen(SHELL, { markup: '<h1>Hola</h1>', data: {} });
    expect(html).toContain('<div id="first-screen" aria-hidden="true" inert><h1>Hola</h1></div><div hidden id="root" data-namespaces="metrics">frame</div>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('rel="stylesheet"');
    expect(head).not.toContain('preload');
    const held = /<template id="after-first-paint">(.*?)<\/template>/s.exec(html)?.[1] ?? '';
    expect(held).toBe(
      '<link rel="modulepreload" crossorigin fetchpriority="low" href="/assets/main.js"><link rel="preload" as="fetch" crossorigin="use-credentials" fetchpriority="low" href="/api/auth/get-session">',
    );
  });
});
