import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { Language } from '../../../src/core/i18n/language.ts';
import { subscriptionEmail } from '../../../src/server/features/subscription/emails.ts';

/**
 * Every Premium feature that exists is named wherever Premium is sold: the pricing table,
 * the Free plan's card on the Subscription page, and the e-mail before the trial ends
 * (docs/product.md#tiers-and-trial). Each feature is recognised by the words that name it.
 */
const FEATURE_WORDS: Record<Language, Record<string, RegExp>> = {
  en: {
    history: /metrics history/i,
    imports: /CSV and Stripe import/i,
    benchmarks: /benchmarks/i,
    insights: /weekly insights/i,
    investorUpdate: /investor update/i,
    scenarios: /runway scenarios/i,
    leaderboards: /leaderboards/i,
    chat: /chat with other CEOs/i,
    comparisons: /comparisons/i,
    visibility: /public visibility/i,
    prioritySupport: /priority support/i,
  },
  'es-LA': {
    history: /historial de métricas/i,
    imports: /importación de CSV y de Stripe/i,
    benchmarks: /comparación (de tus métricas )?con (founders|tus pares)/i,
    insights: /insights semanales/i,
    investorUpdate: /actualización para inversionistas/i,
    scenarios: /escenarios de runway/i,
    leaderboards: /rankings/i,
    chat: /chat con otros CEOs/i,
    comparisons: /comparaciones (anónimas )?con la comunidad/i,
    visibility: /visibilidad pública/i,
    prioritySupport: /soporte prioritario/i,
  },
};

const texts = (language: Language, namespace: string) =>
  JSON.parse(fs.readFileSync(path.resolve('src/web/locales', language, `${namespace}.json`), 'utf8')) as Record<string, Record<string, Record<string, unknown>>>;

const missing = (text: string, language: Language) => Object.entries(FEATURE_WORDS[language]).filter(([, words]) => !words.test(text)).map(([feature]) => feature);

describe.each(['en', 'es-LA'] as const)('Premium features named everywhere Premium is sold (%s)', (language) => {
  it('on the pricing table', () => {
    const features = texts(language, 'marketing').pricing!.premium!.features as string[];
    expect(missing(features.join(' · '), language)).toEqual([]);
  });

  it('on the Free plan card', () => {
    expect(missing(texts(language, 'subscription').plan!.freeBody as unknown as string, language)).toEqual([]);
  });

  it('in the e-mail before the trial ends', async () => {
    const email = await subscriptionEmail('trial-ending', { to: 'ana@example.com', name: 'Ana', language, timeZone: 'America/Santiago', date: new Date('2026-12-10T12:00:00Z'), appUrl: 'http://localhost:3000' });
    expect(missing(email.text, language)).toEqual([]);
  });
});
