import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cashOutDate } from '../../src/core/metrics/cash-out.ts';
import { compareWeeks, formatWeek } from '../../src/core/metrics/iso-week.ts';
import { projectRunway } from '../../src/core/reports/runway-projection.ts';
import { scenarioBaseline } from '../../src/core/reports/scenario-baseline.ts';
import { createWeeklyEmailScheduler } from '../../src/server/features/weekly-email/scheduler.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { parseOutboxMessage } from '../../src/server/mail/read-outbox.ts';
import { signingSecret } from '../../src/server/storage/storage-for.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { readUiStream } from './support/loopback-model.ts';
import { chat } from './support/mentor.ts';
import { startSmtpPeer } from './support/smtp-peer.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN } from './support/test-app.ts';
import { answerOf } from './support/answer.ts';

/**
 * One founder's numbers through every surface that says runway or when the cash runs out
 * (decision 256): the summary the Overview and Metrics read, the mentor's answer,
 * the investor update, the Monday e-mail and the runway scenarios' "as today" baseline. Each
 * must say the dashboard's runway and cash-out date, not a figure of its own.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  [t, peer] = await Promise.all([createTestApp(), startSmtpPeer()]);
});
afterAll(async () => {
  await Promise.all([t.close(), peer.close()]);
});

const DAY_MS = 86_400_000;
const monthYear = (date: Date) => new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(date);
const day = (date: Date) => new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(date);

describe('one source for runway and the cash-out date', () => {
  it('the summary, the mentor, the investor update, the Monday e-mail and the scenarios’ baseline say the same runway and cash-out date', async () => {
    // A founder who confirmed their address and gets the Monday e-mail at 09:00 UTC, and lets the mentor read their data.
    const account = await t.signUp({ name: 'Ana' });
    const link = new URL(await t.outbox.link(account.email, 'confirm-email'));
    const confirmed = await t.request(link.pathname + link.search, { cookie: account.cookie });
    const cookie = sessionCookie(confirmed) || account.cookie;
    expect((await t.request('/api/me', { method: 'PATCH', cookie, json: { timeZone: 'UTC', emailMondayHour: '09:00', emailRemindersEnabled: true } })).status).toBe(200);
    expect((await t.request('/api/ai/consent', { method: 'POST', cookie, json: { granted: true } })).status).toBe(200);

    // Eight weeks, revenue growing 3 % a week against costs of 9,000, cash falling 3,500 a week to 70,500.
    // A baseline that projected this growth forward would call the startup default alive; the dashboard
    // counts runway at today's burn, and so must every other surface.
    for (let i = 0; i < 8; i++) {
      const week = { ...workedWeek, weeklyRevenue: Math.round(5000 * 1.03 ** i), cashBalance: 95_000 - i * 3500 };
      expect((await t.request(weekPath(weeksAgo(7 - i)), { method: 'PUT', cookie, json: week })).status).toBe(200);
    }

    // 1. The summary (Overview, Metrics): runway = cash ÷ the average burn of the last 4 weeks.
    const summary = await answerOf('GET /api/metrics/summary', t.request('/api/metrics/summary', { cookie }));
    // Eight weeks were just recorded: the summary has a latest week.
    const latestWeek = summary.latest!;
    const { runwayWeeks, weeklyBurnRate, cashBalance } = latestWeek;
    expect(cashBalance).toBe(70_500);
    const revenues = [4, 5, 6, 7].map((i) => Math.round(5000 * 1.03 ** i));
    expect(weeklyBurnRate).toBeCloseTo(9000 - revenues.reduce((a, b) => a + b, 0) / 4, 9);
    expect(runwayWeeks).toBeCloseTo(70_500 / weeklyBurnRate, 9);
    const cashOut = cashOutDate(latestWeek, runwayWeeks)!;
    const runwayText = runwayWeeks!.toFixed(1);
    // 70,500 ÷ (9,000 − (5,628 + 5,796 + 5,970 + 6,149) ÷ 4) = 70,500 ÷ 3,114.25 = 22.6 weeks.
    expect(runwayText).toBe('22.6');

    // 2. The scenarios' "as today": flat at the dashboard's burn and revenue, the same runway to the last digit, and the same day.
    const weeks = (await answerOf('GET /api/metrics/weeks', t.request('/api/metrics/weeks', { cookie }))).sort(compareWeeks);
    const baseline = scenarioBaseline(weeks)!;
    expect(baseline.weeklyBurn).toBe(weeklyBurnRate);
    const asToday = projectRunway(baseline, []);
    expect(asToday.runwayWeeks).toBe(runwayWeeks);
    expect(cashOutDate(baseline.latest, asToday.runwayWeeks)).toEqual(cashOut);
    expect(asToday.defaultAlive).toBe(false);
    // Cash falls by the burn every week until it runs out: no growth nobody stated.
    expect(asToday.weeks[0]!.cash).toBeCloseTo(70_500 - weeklyBurnRate, 6);
    expect(asToday.weeks[0]!.revenue).toBe(baseline.weeklyRevenue);

    // 3. The mentor: the same runway and the month the cash runs out.
    const answer = (await readUiStream(await chat(t, cookie, { message: 'How long is my runway?', language: 'en' }))).answer;
    expect(answer).toContain(`**${runwayText} weeks**`);
    expect(answer).toContain(`runs out around ${monthYear(cashOut.date)}`);

    // 4. The investor update of the last four weeks: the same runway and burn.
    const update = await answerOf('POST /api/reports/investor-updates', t.request('/api/reports/investor-updates', { method: 'POST', cookie, json: { fromWeek: formatWeek(weeksAgo(3)), toWeek: formatWeek(weeksAgo(0)) } }));
    expect(update.kpis.find((kpi) => kpi.key === 'runwayWeeks')?.value).toBe(runwayWeeks);
    expect(update.kpis.find((kpi) => kpi.key === 'weeklyBurnRate')?.value).toBe(weeklyBurnRate);

    // 5. The Monday e-mail after this week: the same runway, and the same cash-out day in its insight.
    const nextMonday = new Date();
    nextMonday.setUTCDate(nextMonday.getUTCDate() + ((8 - nextMonday.getUTCDay()) % 7 || 7));
    nextMonday.setUTCHours(9, 0, 0, 0);
    const logger = createLogger('silent');
    const mailer = createMailer({ smtpUrl: peer.url, from: 'Rumbo <hola@rumbo.test>', outboxDir: '/nonexistent', logger });
    await createWeeklyEmailScheduler({ db: t.db, mailer, logger, appUrl: TEST_ORIGIN, secret: signingSecret(t.deps), trialDays: () => t.deps.env.trialDays, now: () => nextMonday }).tick();
    const mail = peer.received.find((received) => received.to.includes(account.email));
    const message = parseOutboxMessage('smtp', mail!.raw);
    expect(message.html).toContain(runwayText);
    expect(message.text).toContain(`Runway is ${runwayText} weeks, under the 40-week target. At this burn the cash runs out around ${day(cashOut.date)}.`);
    expect(cashOut.date.getTime() - nextMonday.getTime()).toBeLessThan(183 * DAY_MS);
  });
});
