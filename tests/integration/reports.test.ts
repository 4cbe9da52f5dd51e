import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDocumentProxy, extractText } from 'unpdf';
import { formatWeek, isoWeekStart } from '../../src/core/metrics/iso-week.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp } from './support/test-app.ts';
import { refusal } from './support/refusal.ts';
import { answerOf } from './support/answer.ts';

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

type ErrorJson = { error: { code: string; details?: { field: string; message: string }[] } };

const UPDATES = '/api/reports/investor-updates';

/** The text of a PDF answer, read as a viewer would (it must parse), and its page count. */
async function pdfText(response: Response) {
  expect(response.headers.get('content-type')).toBe('application/pdf');
  const pdf = await getDocumentProxy(new Uint8Array(await response.arrayBuffer()));
  const { text } = await extractText(pdf, { mergePages: true });
  return { text, pages: pdf.numPages };
}
/** The last four weeks, this one included: the "month" the founder reports on. */
const lastFourWeeks = { fromWeek: formatWeek(weeksAgo(3)), toWeek: formatWeek(weeksAgo(0)) };

/** A founder with 8 recorded weeks (cash falling, revenue rising), a strategy and one completed experiment. */
async function founderWithRecords() {
  const { cookie, user } = await t.signUp();
  for (let back = 7; back >= 0; back--) {
    const week = { ...workedWeek, weeklyRevenue: 5000 + (7 - back) * 100, cashBalance: 200_000 - (7 - back) * 4000 };
    expect((await t.request(weekPath(weeksAgo(back)), { method: 'PUT', cookie, json: week })).status).toBe(200);
  }
  await t.request('/api/strategy', {
    method: 'PUT',
    cookie,
    json: { coreProblem: 'Corner shops run out of stock', maximas: ['Reorder in one tap'], statement: 'We win by making restocking invisible for corner shops' },
  });
  const task = await answerOf('POST /api/tasks', t.request('/api/tasks', { method: 'POST', cookie, json: validTask }));
  await t.request(`/api/tasks/${task.id}/complete`, { method: 'POST', cookie, json: { outcome: 'validated', completionNotes: 'Churn fell after 12 onboarding calls' } });
  await t.request('/api/tasks', { method: 'POST', cookie, json: { ...validTask, hypothesis: 'A check-in call in week two keeps customers', metric: 'churnRate' } });
  return { cookie, user };
}

describe('drafting an investor update', () => {
  it('answers 201 with the KPIs of the period and the previous one, their target status, and Markdown from the records only', async () => {
    const { cookie } = await founderWithRecords();
    const response = await t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks });
    expect(response.status).toBe(201);
    const update = await answerOf('POST /api/reports/investor-updates', response);
    const kpi = (key: string) => update.kpis.find((k) => k.key === key)!;
    // MRR of the latest week (5,700 a week × 52 ÷ 12) against the week 4 weeks before (5,300 a week).
    expect(kpi('mrr').value).toBeCloseTo((5700 * 52) / 12, 6);
    expect(kpi('mrr').previous).toBeCloseTo((5300 * 52) / 12, 6);
    expect(kpi('cashBalance')).toMatchObject({ value: 172_000, previous: 188_000 });
    expect(kpi('churnRate')).toMatchObject({ value: 0.05, status: 'off' });
    expect(update.markdown).toContain('# Investor update');
    expect(update.markdown).toContain('Onboarding calls in week one cut churn');
    expect(update.markdown).toContain('Churn fell after 12 onboarding calls');
    expect(update.markdown).toContain('We win by making restocking invisible for corner shops');
    expect(update.markdown).toContain('- Weekly churn is off target (5%).\n  Trying: A check-in call in week two keeps customers');
    expect(update.markdown).toContain('- Monthly revenue growth: 7.77%; previous period: no data (off target)');
    expect(update.version).toBe(1);
  });

  it('says so when the period has no data, and reports every value as null', async () => {
    const { cookie } = await t.signUp();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    expect(update.kpis.every((kpi) => kpi.value === null)).toBe(true);
    expect(update.markdown).toContain('No weekly numbers were recorded in this period');
    expect(update.markdown).toContain('No experiments were completed in this period.');
  });

  it('refuses a malformed or reversed period and changes nothing', async () => {
    const { cookie } = await t.signUp();
    const bad = await t.request(UPDATES, { method: 'POST', cookie, json: { fromWeek: '2026-W60', toWeek: 'soon' } });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as ErrorJson).error.details?.map((d) => d.field).sort()).toEqual(['fromWeek', 'toWeek']);
    const reversed = await t.request(UPDATES, { method: 'POST', cookie, json: { fromWeek: lastFourWeeks.toWeek, toWeek: lastFourWeeks.fromWeek } });
    expect(((await reversed.json()) as ErrorJson).error.details).toEqual([refusal({ field: 'toWeek', message: 'validation:reports.order' })]);
    expect(await (await t.request(UPDATES, { cookie })).json()).toEqual([]);
  });

  it('saves edits as new versions, keeping the old ones', async () => {
    const { cookie } = await founderWithRecords();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    const sections = { ...update.sections, asks: 'An intro to a grocery distributor in Bogotá' };
    const saved = await t.request(`${UPDATES}/${update.id}`, { method: 'PUT', cookie, json: { sections } });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toMatchObject({ version: 2 });
    const read = await answerOf('GET /api/reports/investor-updates/:id', t.request(`${UPDATES}/${update.id}`, { cookie }));
    expect(read.markdown).toContain('## Asks\n\nAn intro to a grocery distributor in Bogotá');
    const versions = await answerOf('GET /api/reports/investor-updates/:id/versions', t.request(`${UPDATES}/${update.id}/versions`, { cookie }));
    expect(versions.map((v) => v.version)).toEqual([2, 1]);
  });

  it('is a 404 for another founder, for every call', async () => {
    const a = await founderWithRecords();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie: a.cookie, json: lastFourWeeks }));
    const b = await t.signUp();
    for (const [method, path] of [
      ['GET', ''],
      ['GET', '/pdf'],
      ['GET', '/versions'],
      ['POST', '/share'],
      ['DELETE', '/share'],
    ] as const) {
      expect((await t.request(`${UPDATES}/${update.id}${path}`, { method, cookie: b.cookie })).status).toBe(404);
    }
    const put = await t.request(`${UPDATES}/${update.id}`, { method: 'PUT', cookie: b.cookie, json: { sections: update.sections } });
    expect(put.status).toBe(404);
    const send = await t.request(`${UPDATES}/${update.id}/send`, { method: 'POST', cookie: b.cookie, json: { recipients: ['ana@fund.example'] } });
    expect(send.status).toBe(404);
    expect((await t.request(`${UPDATES}/not-a-uuid`, { cookie: b.cookie })).status).toBe(404);
    expect(await (await t.request(UPDATES, { cookie: b.cookie })).json()).toEqual([]);
  });

  it('exports a PDF that opens and holds the KPIs', async () => {
    const { cookie } = await founderWithRecords();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    const response = await t.request(`${UPDATES}/${update.id}/pdf`, { cookie });
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/pdf');
    const { text } = await pdfText(response);
    expect(text).toContain('Key metrics');
    expect(text).toContain('Cash: $172,000; previous period: $188,000');
    // The charts: the period and the previous one (8 weeks), titled, with min/max as the update writes money and the first/last Monday.
    const day = (week: { year: number; week: number }) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(isoWeekStart(week));
    const [first, last] = [weeksAgo(7), weeksAgo(0)].map(day);
    for (const label of ['Cash by week', '$172,000', '$200,000', 'MRR by week', '$21,667', '$24,700', first!, last!]) expect(text).toContain(label);
    expect(text).not.toContain('No data');
    expect(text).not.toMatch(/\d{4}-W\d{2}/);
  });

  it('puts the startup’s name and initial on the PDF and the shared page, dates in months and days, and every Spanish character', async () => {
    const { cookie } = await founderWithRecords();
    expect((await t.request('/api/me', { method: 'PATCH', cookie, json: { preferredLanguage: 'es-LA', startupName: 'Ñandú Logística' } })).status).toBe(200);
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    expect(update.startupName).toBe('Ñandú Logística');
    expect(update.title).toMatch(/^Ñandú Logística — Reporte para inversionistas, /);
    // The founder's own words with ¿, ¡ and ñ survive into the PDF's text.
    const sections = { ...update.sections, asks: '¿Nos presentas a distribuidores? ¡Gracias! Año de expansión: señales claras.' };
    expect((await t.request(`${UPDATES}/${update.id}`, { method: 'PUT', cookie, json: { sections } })).status).toBe(200);
    const { text } = await pdfText(await t.request(`${UPDATES}/${update.id}/pdf`, { cookie }));
    for (const words of ['Ñandú Logística', 'Reporte para inversionistas', 'Métricas clave', '¿Nos presentas a distribuidores? ¡Gracias! Año de expansión: señales claras.']) expect(text).toContain(words);
    expect(text).not.toMatch(/\d{4}-W\d{2}|\d{4}-\d{2}-\d{2}/);
    // Months and days as Spanish writes them: "Periodo: 9 nov 2026 a 6 dic 2026".
    expect(text).toMatch(/Periodo: \d{1,2} [a-z]{3,4}\.? \d{4} a \d{1,2} [a-z]{3,4}\.? \d{4}/);

    const { url } = await answerOf('POST /api/reports/investor-updates/:id/share', t.request(`${UPDATES}/${update.id}/share`, { method: 'POST', cookie }));
    const page = await (await t.request(new URL(url).pathname)).text();
    expect(page).toContain('<span class="logo" aria-hidden="true">Ñ</span><span class="name">Ñandú Logística</span>');
    expect(page).toContain(`<title>${update.title}</title>`);
    expect(page).not.toMatch(/\d{4}-W\d{2}/);
  });

  it('draws the charts in the founder\'s language, and says there is no data to chart for an empty period', async () => {
    const { cookie } = await founderWithRecords();
    expect((await t.request('/api/me', { method: 'PATCH', cookie, json: { preferredLanguage: 'es-LA' } })).status).toBe(200);
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    const { text, pages } = await pdfText(await t.request(`${UPDATES}/${update.id}/pdf`, { cookie }));
    expect(pages).toBeGreaterThanOrEqual(1);
    for (const label of ['Métricas clave', 'Caja por semana', 'MRR por semana', '200,000']) expect(text).toContain(label);

    const empty = await t.signUp();
    const blank = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie: empty.cookie, json: lastFourWeeks }));
    const none = await pdfText(await t.request(`${UPDATES}/${blank.id}/pdf`, { cookie: empty.cookie }));
    expect(none.text).toContain('Cash by week');
    expect(none.text.match(/No data/g)).toHaveLength(2);
  });
});

const SCENARIOS = '/api/reports/scenarios';

describe('saved runway scenarios', () => {
  const twoPlans = {
    scenarios: [
      { id: 'today', name: 'Today', changes: [] },
      // Numbers stay as typed, a half-typed one included: the page shows them again as they were.
      { id: 'b2', name: 'Hire 2 in March', changes: [{ kind: 'hire', from: '2027-03-01', values: { count: '2', monthlyCost: '4500.' } }] },
    ],
  };

  it('follows the founder to any browser: none before the first save, then exactly what was saved, to its owner only', async () => {
    const owner = await t.signUp();
    const other = await t.signUp();
    expect((await answerOf('GET /api/reports/scenarios', t.request(SCENARIOS, { cookie: owner.cookie }))).scenarios).toBeNull();
    const saved = await t.request(SCENARIOS, { method: 'PUT', cookie: owner.cookie, json: twoPlans });
    expect(saved.status).toBe(200);
    expect((await answerOf('GET /api/reports/scenarios', t.request(SCENARIOS, { cookie: owner.cookie }))).scenarios).toEqual(twoPlans.scenarios);
    expect((await answerOf('GET /api/reports/scenarios', t.request(SCENARIOS, { cookie: other.cookie }))).scenarios).toBeNull();
    expect((await t.request(SCENARIOS)).status).toBe(401);
  });

  it('refuses a fifth scenario, a field a change does not have, or an over-long value, keeping what was saved', async () => {
    const { cookie } = await t.signUp();
    await t.request(SCENARIOS, { method: 'PUT', cookie, json: twoPlans });
    const five = { scenarios: Array.from({ length: 5 }, (_, i) => ({ id: `s${i}`, name: `Plan ${i}`, changes: [] })) };
    const refused = [
      { json: five, field: 'scenarios', message: 'validation:scenarios.tooManyScenarios' },
      { json: { scenarios: [{ id: 'x', name: 'X', changes: [{ kind: 'fundraise', from: '2027-01-04', values: { monthlyCost: '1' } }] }] }, field: 'scenarios.0.changes.0' },
      { json: { scenarios: [{ id: 'x', name: 'X', changes: [{ kind: 'fundraise', from: '2027-01-04', values: { amount: '9'.repeat(41) } }] }] }, field: 'scenarios.0.changes.0.values.amount' },
    ];
    for (const { json, field, message } of refused) {
      const response = await t.request(SCENARIOS, { method: 'PUT', cookie, json });
      expect(response.status).toBe(400);
      const details = ((await response.json()) as ErrorJson).error.details!;
      expect(details[0]!.field).toBe(field);
      if (message) expect(details[0]).toEqual(refusal({ field, message }));
    }
    expect((await answerOf('GET /api/reports/scenarios', t.request(SCENARIOS, { cookie }))).scenarios).toEqual(twoPlans.scenarios);
  });
});

describe('tier 1', () => {
  it('gets PREMIUM_REQUIRED and no update', async () => {
    const free = await createTestApp({ TRIAL_DAYS: '0' });
    try {
      const { cookie } = await free.signUp();
      const response = await free.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks });
      expect(response.status).toBe(403);
      expect(((await response.json()) as ErrorJson).error.code).toBe('PREMIUM_REQUIRED');
      const scenarios = await free.request(SCENARIOS, { method: 'PUT', cookie, json: { scenarios: [] } });
      expect(scenarios.status).toBe(403);
      expect(((await scenarios.json()) as ErrorJson).error.code).toBe('PREMIUM_REQUIRED');
    } finally {
      await free.close();
    }
  });
});

describe('share links', () => {
  it('open signed out, read-only, until revoked: then 410 with nothing shown', async () => {
    const { cookie } = await founderWithRecords();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    const shared = await t.request(`${UPDATES}/${update.id}/share`, { method: 'POST', cookie });
    expect(shared.status).toBe(201);
    const { url, expiresAt } = (await shared.json()) as { url: string; expiresAt: string };
    expect(new Date(expiresAt).getTime() - Date.now()).toBeGreaterThan(29.9 * 24 * 3600 * 1000);
    const path = new URL(url).pathname;
    const open = await t.request(path);
    expect(open.status).toBe(200);
    const page = await open.text();
    expect(page).toContain('<h2>Key metrics</h2>');
    expect(page).toContain('We win by making restocking invisible for corner shops');
    expect((await t.request(`${UPDATES}/${update.id}/share`, { method: 'DELETE', cookie })).status).toBe(204);
    const gone = await t.request(path);
    expect(gone.status).toBe(410);
    expect(await gone.text()).not.toContain('Key metrics');
  });

  it('are listed with their expiry while live; one revoked answers 410 while the other still opens; another founder gets 404', async () => {
    const { cookie } = await founderWithRecords();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    expect(await (await t.request(`${UPDATES}/${update.id}/shares`, { cookie })).json()).toEqual([]);
    const made = [];
    for (let i = 0; i < 2; i++) made.push(await answerOf('POST /api/reports/investor-updates/:id/share', t.request(`${UPDATES}/${update.id}/share`, { method: 'POST', cookie })));
    const listed = await answerOf('GET /api/reports/investor-updates/:id/shares', t.request(`${UPDATES}/${update.id}/shares`, { cookie }));
    expect(listed).toHaveLength(2);
    expect(listed.map((link) => link.expiresAt).sort()).toEqual(made.map((link) => link.expiresAt).sort());

    const stranger = await t.signUp();
    expect((await t.request(`${UPDATES}/${update.id}/shares`, { cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`${UPDATES}/${update.id}/shares/${listed[0]!.id}`, { method: 'DELETE', cookie: stranger.cookie })).status).toBe(404);
    expect((await t.request(`${UPDATES}/${update.id}/shares/not-a-uuid`, { method: 'DELETE', cookie })).status).toBe(404);

    expect((await t.request(`${UPDATES}/${update.id}/shares/${listed[0]!.id}`, { method: 'DELETE', cookie })).status).toBe(204);
    const statuses = await Promise.all(made.map(async ({ url }) => (await t.request(new URL(url).pathname)).status));
    expect(statuses.sort()).toEqual([200, 410]);
    expect((await answerOf('GET /api/reports/investor-updates/:id/shares', t.request(`${UPDATES}/${update.id}/shares`, { cookie }))).length).toBe(1);
    // Revoked already: a second revoke finds no live link.
    expect((await t.request(`${UPDATES}/${update.id}/shares/${listed[0]!.id}`, { method: 'DELETE', cookie })).status).toBe(404);
  });

  it('answer 410 once expired, and for a token that never existed', async () => {
    const { cookie } = await founderWithRecords();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    const { url } = await answerOf('POST /api/reports/investor-updates/:id/share', t.request(`${UPDATES}/${update.id}/share`, { method: 'POST', cookie }));
    const { investorUpdateShares } = await import('../../src/server/db/schema/index.ts');
    const { eq } = await import('drizzle-orm');
    await t.db.update(investorUpdateShares).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(investorUpdateShares.updateId, update.id));
    expect((await t.request(new URL(url).pathname)).status).toBe(410);
    expect((await t.request('/api/reports/shared/AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA')).status).toBe(410);
  });
});

describe('e-mailing the update to investors', () => {
  it('sends each investor the update with a link of their own that opens signed out', async () => {
    const { cookie } = await founderWithRecords();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    const investors = [`ana-${Date.now()}@fund.example`, `luis-${Date.now()}@angels.example`];
    const sent = await t.request(`${UPDATES}/${update.id}/send`, { method: 'POST', cookie, json: { recipients: [investors[0], ` ${investors[1]!.toUpperCase()} `, investors[0]] } });
    expect(sent.status).toBe(200);
    expect(await sent.json()).toEqual({ sent: 2, failed: 0 });
    const links: string[] = [];
    for (const to of investors) {
      const message = await t.outbox.latest(to!, 'investor-update');
      expect(message.text).toContain('## Key metrics');
      links.push(message.links.at(-1)!);
    }
    expect(new Set(links).size).toBe(2);
    // The list is kept for the next send, cleaned as it was sent, for this founder only.
    const kept = await answerOf('GET /api/reports/investors', t.request('/api/reports/investors', { cookie }));
    expect(kept.recipients).toEqual(investors);
    const other = await t.signUp();
    expect((await answerOf('GET /api/reports/investors', t.request('/api/reports/investors', { cookie: other.cookie }))).recipients).toEqual([]);
    const page = await t.request(new URL(links[1]!).pathname);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Onboarding calls in week one cut churn');
  });

  it('refuses an invalid address or more than 50, naming the field, and sends nothing', async () => {
    const { cookie } = await founderWithRecords();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    const before = t.outbox.all().length;
    const invalid = await t.request(`${UPDATES}/${update.id}/send`, { method: 'POST', cookie, json: { recipients: ['ana@fund.example', 'not an address'] } });
    expect(invalid.status).toBe(400);
    expect(((await invalid.json()) as ErrorJson).error.details).toEqual([refusal({ field: 'recipients.1', message: 'validation:reports.email' }, { address: 'not an address' })]);
    const many = Array.from({ length: 500 }, (_, i) => `investor${i}@fund.example`);
    const tooMany = await t.request(`${UPDATES}/${update.id}/send`, { method: 'POST', cookie, json: { recipients: many } });
    expect(((await tooMany.json()) as ErrorJson).error.details).toEqual([refusal({ field: 'recipients', message: 'validation:reports.tooManyRecipients' }, { max: 50 })]);
    expect(t.outbox.all().length).toBe(before);
  });

  it('refuses a sixth send within the hour (429 with the wait) and e-mails no one', async () => {
    const { cookie } = await founderWithRecords();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    const send = () => t.request(`${UPDATES}/${update.id}/send`, { method: 'POST', cookie, json: { recipients: [`ana-${update.id}@fund.example`] } });
    for (let attempt = 1; attempt <= 5; attempt++) expect((await send()).status).toBe(200);
    const before = t.outbox.all().length;
    const refused = await send();
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as ErrorJson).error.code).toBe('RATE_LIMITED');
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(59 * 60);
    expect(t.outbox.all().length).toBe(before);
  });

  it('sends nothing for a period without data', async () => {
    const { cookie } = await t.signUp();
    const update = await answerOf('POST /api/reports/investor-updates', t.request(UPDATES, { method: 'POST', cookie, json: lastFourWeeks }));
    const response = await t.request(`${UPDATES}/${update.id}/send`, { method: 'POST', cookie, json: { recipients: ['ana@fund.example'] } });
    expect(response.status).toBe(400);
    expect(((await response.json()) as ErrorJson).error.details).toEqual([refusal({ field: 'recipients', message: 'validation:reports.emptyUpdate' })]);
  });
});
