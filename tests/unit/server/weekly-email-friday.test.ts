import { describe, expect, it } from 'vitest';
import { fridayEmail, renderEmail } from '../../../src/server/features/weekly-email/templates.ts';

/** The Friday reflection's task list: ICE with one decimal, and a due date in the founder's words. */
const links = { action: 'https://rumbo.test/high-performance-tasks?tab=active', settings: 'https://rumbo.test/profile', unsubscribe: 'https://rumbo.test/u' };
const tasks = [
  { hypothesis: 'Llamadas de onboarding bajan el churn', iceTotal: 2.4, dueDate: '2026-12-04' },
  { hypothesis: 'Planes anuales suben el MRR', iceTotal: 1.5, dueDate: null },
];

describe('the Friday reflection', () => {
  it('gives each active task its due date, when it has one, in Spanish', async () => {
    const email = fridayEmail({ name: 'Sofía', language: 'es-LA', country: 'MX', currency: 'MXN' }, { tasks }, links);
    const { text } = await renderEmail(email.element);
    expect(text).toContain('ICE 2.4 — Llamadas de onboarding bajan el churn (vence el 4 de diciembre)');
    expect(text).toMatch(/ICE 1.5 — Planes anuales suben el MRR\n/);
    // A Chilean writes decimals with a comma: the same total reads 2,4 (ICE "5.0" in Spanish).
    const chilean = await renderEmail(fridayEmail({ name: 'Sofía', language: 'es-LA', country: 'CL', currency: 'CLP' }, { tasks }, links).element);
    expect(chilean.text).toContain('ICE 2,4 — Llamadas de onboarding');
  });

  it('and in English', async () => {
    const email = fridayEmail({ name: 'Ana', language: 'en', country: 'US', currency: 'USD' }, { tasks }, links);
    const { text } = await renderEmail(email.element);
    expect(text).toContain('ICE 2.4 — Llamadas de onboarding bajan el churn (due December 4)');
  });
});
