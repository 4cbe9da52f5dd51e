import { Writable } from 'node:stream';
import { eq } from 'drizzle-orm';
import pino from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { users, weeklyEmails } from '../../src/server/db/schema/index.ts';
import { createWeeklyEmailScheduler } from '../../src/server/features/weekly-email/scheduler.ts';
import { unsubscribeToken } from '../../src/server/features/weekly-email/unsubscribe-link.ts';
import { createLogger } from '../../src/server/logger.ts';
import { createMailer } from '../../src/server/mail/mailer.ts';
import { parseOutboxMessage } from '../../src/server/mail/read-outbox.ts';
import { isoWeekStart } from '../../src/core/metrics/iso-week.ts';
import { signingSecret } from '../../src/server/storage/storage-for.ts';
import { weekPath, weeksAgo, workedWeek } from './support/metrics.ts';
import { type ReceivedMail, startSmtpPeer } from './support/smtp-peer.ts';
import { validTask } from './support/task-fixtures.ts';
import { createTestApp, sessionCookie, TEST_ORIGIN } from './support/test-app.ts';
import { createThrowawayDatabase } from '../../scripts/lib/throwaway-database.ts';
import { answerOf } from './support/answer.ts';

/**
 * The Monday metrics reminder and the Friday reflection, sent by the scheduler on a clock the
 * test moves, through a real SMTP peer, to founders made through the app's own routes.
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
beforeAll(async () => {
  [t, peer] = await Promise.all([createTestApp(), startSmtpPeer()]);
});
afterAll(async () => {
  await Promise.all([t.close(), peer.close()]);
});
beforeEach(async () => {
  // Each test's founders are the only ones owed an e-mail, with no send records, and the mail server is in a good mood.
  await t.db.update(users).set({ emailRemindersEnabled: false });
  await t.db.delete(weeklyEmails);
  peer.rejectNext(0);
});

const silent = createLogger('silent');

/** A scheduler whose clock is `clock.now`, sending through the peer; `trialDays: 0` makes every founder Free. */
function scheduler(clock: { now: Date }, logger = silent, trialDays = t.deps.env.trialDays) {
  const mailer = createMailer({ smtpUrl: peer.url, from: 'Rumbo <hola@rumbo.test>', outboxDir: '/nonexistent', logger });
  return createWeeklyEmailScheduler({ db: t.db, mailer, logger, appUrl: TEST_ORIGIN, secret: signingSecret(t.deps), trialDays: () => trialDays, now: () => clock.now });
}

type Settings = { timeZone?: string; preferredLanguage?: 'en' | 'es-LA'; emailMondayHour?: string; emailFridayHour?: string; emailRemindersEnabled?: boolean };

/** A founder who signed up, confirmed the address through the e-mailed link, and set their reminders in the profile. */
async function founder(settings: Settings = {}, { confirmed = true, name = 'Ana' } = {}) {
  const account = await t.signUp({ name });
  let cookie = account.cookie;
  if (confirmed) {
    const link = new URL(await t.outbox.link(account.email, 'confirm-email'));
    const response = await t.request(link.pathname + link.search, { cookie });
    expect(response.status).toBe(302);
    cookie = sessionCookie(response) || cookie;
  }
  const saved = await t.request('/api/me', { method: 'PATCH', cookie, json: { timeZone: 'UTC', ...settings } });
  expect(saved.status, await saved.clone().text()).toBe(200);
  return { ...account, cookie };
}

const mailsTo = (email: string) => peer.received.filter((mail) => mail.to.includes(email));
const parsed = (mail: ReceivedMail) => parseOutboxMessage('smtp', mail.raw);
/** A header of the raw message, unfolded. */
const headerOf = (mail: ReceivedMail, name: string) =>
  new RegExp(`^${name}:[ \\t]*(.*(?:\\r?\\n[ \\t].*)*)`, 'im').exec(mail.raw.split(/\r?\n\r?\n/)[0] ?? '')?.[1]?.replace(/\r?\n[ \t]+/g, ' ').trim();

/** Ticks at each instant in turn; how many e-mails `email` has after each. */
async function countsAt(run: ReturnType<typeof scheduler>, clock: { now: Date }, email: string, instants: string[]) {
  const counts = [];
  for (const instant of instants) {
    clock.now = new Date(instant);
    await run.tick();
    counts.push(mailsTo(email).length);
  }
  return counts;
}

describe('the Monday and Friday e-mails go out at the founder’s local hour, across daylight-saving changes', () => {
  it('America/Santiago: 09:00 is 12:00 UTC in summer time, 13:00 UTC after it ends (5 April 2026), 12:00 again after it starts (6 September 2026)', async () => {
    const { email } = await founder({ timeZone: 'America/Santiago', preferredLanguage: 'es-LA', emailMondayHour: '09:00' });
    const clock = { now: new Date() };
    const run = scheduler(clock);
    expect(
      await countsAt(run, clock, email, [
        '2026-03-30T11:59:00Z', // Monday 08:59 (UTC−3): not yet
        '2026-03-30T12:00:00Z', // 09:00: sent
        '2026-03-30T12:01:00Z', // the next minute: not again
        '2026-04-06T12:00:00Z', // next Monday 08:00 (UTC−4 now): not yet
        '2026-04-06T13:00:00Z', // 09:00: sent
        '2026-08-31T12:59:00Z', // Monday 08:59 (UTC−4): not yet
        '2026-08-31T13:00:00Z', // 09:00: sent
        '2026-09-07T11:59:00Z', // after summer time starts: 08:59 (UTC−3)
        '2026-09-07T12:00:00Z', // 09:00: sent
      ]),
    ).toEqual([0, 1, 1, 1, 2, 2, 3, 3, 4]);

    const monday = mailsTo(email)[0]!;
    const message = parsed(monday);
    expect(message.kind).toBe('monday-metrics');
    expect(message.subject).toBe('Tus números de la semana del 23 mar 2026 y el registro de esta semana');
    expect(message.text).toContain('Hola, Ana:');
    expect(message.html).toContain('lang="es-419"');
    expect(message.html).toContain('Registrar esta semana');
    expect(message.links).toContain(`${TEST_ORIGIN}/metrics#week-form`);
    // Signed in by the app's own flow: the link carries no password and no sign-in token.
    expect(message.links.filter((link) => /token|password/i.test(link) && !link.includes('/api/reminders/unsubscribe'))).toEqual([]);
  });

  it('America/Mexico_City: the Friday reflection at 17:00 is 22:00 UTC before summer time ended (30 October 2022) and 23:00 UTC after', async () => {
    const { email, cookie } = await founder({ timeZone: 'America/Mexico_City', emailFridayHour: '17:00', emailMondayHour: '09:00' });
    expect((await t.request('/api/tasks', { method: 'POST', cookie, json: { ...validTask, dueDate: '2022-11-03' } })).status).toBe(201);
    const clock = { now: new Date() };
    const run = scheduler(clock);
    expect(
      await countsAt(run, clock, email, [
        '2022-10-24T13:59:00Z', // Monday 08:59 CDT
        '2022-10-24T14:00:00Z', // Monday 09:00 CDT: the Monday reminder
        '2022-10-28T21:59:00Z', // Friday 16:59 CDT
        '2022-10-28T22:00:00Z', // Friday 17:00 CDT: the reflection
        '2022-10-31T14:00:00Z', // Monday 08:00 CST: not yet
        '2022-10-31T15:00:00Z', // Monday 09:00 CST
        '2022-11-04T22:00:00Z', // Friday 16:00 CST: not yet
        '2022-11-04T23:00:00Z', // Friday 17:00 CST
      ]),
    ).toEqual([0, 1, 1, 2, 2, 3, 3, 4]);

    const friday = parsed(mailsTo(email)[1]!);
    expect(friday.kind).toBe('friday-reflection');
    expect(friday.subject).toBe('Your Friday reflection');
    expect(friday.text).toContain('What did you learn this week that you did not know on Monday?');
    // ICE 8 × 6 × 5 / 100 = 2.4, shown with one decimal.
    expect(friday.text).toContain('ICE 2.4 — Onboarding calls in week one cut churn (due November 3)');
    expect(friday.links).toContain(`${TEST_ORIGIN}/high-performance-tasks?tab=active`);
  });
});

describe('what the e-mails say', () => {
  it('Monday: last week’s key numbers against their targets beside the week before, what changed, one link; HTML and text; one-click unsubscribe headers', async () => {
    const { email, cookie } = await founder({ emailMondayHour: '09:00' });
    expect((await t.request(weekPath(weeksAgo(1)), { method: 'PUT', cookie, json: { ...workedWeek, weeklyRevenue: 4500, weeklyActiveUsers: 380 } })).status).toBe(200);
    expect((await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie, json: workedWeek })).status).toBe(200);
    // The Monday after this week, so this week is "last week".
    const nextMonday = new Date();
    nextMonday.setUTCDate(nextMonday.getUTCDate() + ((8 - nextMonday.getUTCDay()) % 7 || 7));
    nextMonday.setUTCHours(9, 0, 0, 0);
    await scheduler({ now: nextMonday }).tick();

    const [mail] = mailsTo(email);
    const message = parsed(mail!);
    // The week is named by its Monday, never by an ISO code.
    const monday = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' }).format(isoWeekStart(weeksAgo(0)));
    expect(message.subject).toBe(`Your numbers for the week of ${monday} and this week's record`);
    expect(message.text).toContain(`Here is the week of ${monday} against your targets.`);
    expect(`${message.subject}${message.text}${message.html}`).not.toMatch(/\d{4}-W\d{2}/);
    // MRR = weekly revenue × 52 / 12: 4,500 → 19,500 and 5,000 → 21,666.67. Weekly active users 380 → 400.
    expect(message.text).toContain('MRR rose from $19,500 to $21,667.');
    expect(message.text).toContain('Active users (weekly) rose from 380 to 400.');
    // Runway = cash / average weekly burn: 200,000 / 4,250 = 47.1 weeks (on target, > 40); before, 200,000 / 4,500 = 44.4.
    // Churn 10 lost / 200 starting = 5 % a week, off its 0.7 % target. User growth 400 / 380 − 1 = 5.26 %, on target.
    for (const cell of ['$21,667', '$19,500', '47.1 weeks', '44.4 weeks', '&gt; 40 weeks', '5%', '✗ Off target', '5.26%', '✓ On target']) expect(message.html).toContain(cell);
    expect(message.html).toContain('Record this week');
    expect(message.text).toContain('Record this week');

    const unsubscribe = `${TEST_ORIGIN}/api/reminders/unsubscribe?token=${encodeURIComponent(unsubscribeToken(signingSecret(t.deps), (await meOf(cookie)).id))}`;
    expect(headerOf(mail!, 'List-Unsubscribe')).toBe(`<${unsubscribe}>`);
    expect(headerOf(mail!, 'List-Unsubscribe-Post')).toBe('List-Unsubscribe=One-Click');
    expect(message.links).toContain(unsubscribe);
  });

  it('Monday: what stands out this week, each with an "Ask the mentor" link that opens the mentor with its question, in both languages', async () => {
    const nextMonday = new Date();
    nextMonday.setUTCDate(nextMonday.getUTCDate() + ((8 - nextMonday.getUTCDay()) % 7 || 7));
    nextMonday.setUTCHours(9, 0, 0, 0);
    const ana = await founder({ emailMondayHour: '09:00' });
    const sofia = await founder({ emailMondayHour: '09:00', preferredLanguage: 'es-LA' }, { name: 'Sofía' });
    for (const { cookie } of [ana, sofia]) {
      // Burn 4,000 a week: 200,000 lasts 50 weeks, then 150,000 lasts 37.5, under the 40-week target.
      expect((await t.request(weekPath(weeksAgo(1)), { method: 'PUT', cookie, json: workedWeek })).status).toBe(200);
      expect((await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie, json: { ...workedWeek, cashBalance: 150_000 } })).status).toBe(200);
    }
    await scheduler({ now: nextMonday }).tick();

    const english = parsed(mailsTo(ana.email)[0]!);
    expect(english.html).toContain('What stands out this week');
    expect(english.text).toContain('Runway fell from 50 to 37.5 weeks, under the 40-week target.');
    const ask = `${TEST_ORIGIN}/talk-rumbo?ask=${encodeURIComponent('Runway fell from 50 to 37.5 weeks, under the 40-week target. What should I do about it?')}`;
    expect(english.links).toContain(ask);
    expect(english.html).toContain('Ask the mentor');

    const spanish = parsed(mailsTo(sofia.email)[0]!);
    expect(spanish.html).toContain('Lo que destaca esta semana');
    expect(spanish.text).toMatch(/Tu runway bajó de 50 a 37[.,]5 semanas, por debajo de la meta de 40 semanas\./);
    expect(spanish.html).toContain('Pregúntale al mentor');
    expect(spanish.links.some((link) => link.startsWith(`${TEST_ORIGIN}/talk-rumbo?ask=`) && decodeURIComponent(link).endsWith('¿Qué debería hacer al respecto?'))).toBe(true);
  });

  it('Monday on Free: last week\'s numbers, without the insights, which are Premium', async () => {
    const nextMonday = new Date();
    nextMonday.setUTCDate(nextMonday.getUTCDate() + ((8 - nextMonday.getUTCDay()) % 7 || 7));
    nextMonday.setUTCHours(9, 0, 0, 0);
    const free = await founder({ emailMondayHour: '09:00' }, { name: 'Lucía' });
    expect((await t.request(weekPath(weeksAgo(1)), { method: 'PUT', cookie: free.cookie, json: workedWeek })).status).toBe(200);
    expect((await t.request(weekPath(weeksAgo(0)), { method: 'PUT', cookie: free.cookie, json: { ...workedWeek, cashBalance: 150_000 } })).status).toBe(200);
    await scheduler({ now: nextMonday }, silent, 0).tick();

    const mail = parsed(mailsTo(free.email)[0]!);
    // The numbers are there (runway now 37.5 weeks), the insight about them is not.
    // Each metric reads as its lines: the name, its target and week before, then the value with its unit.
    expect(mail.text).toMatch(/Runway\r?\nTarget: > 40 weeks · Week before: 50 weeks\r?\n37\.5 weeks\r?\n/);
    expect(mail.html).not.toContain('What stands out this week');
    expect(mail.text).not.toContain('Runway fell from 50 to 37.5 weeks');
  });

  it('Monday with no week recorded asks for the first one; Friday with no active task says so', async () => {
    const { email } = await founder({ preferredLanguage: 'es-LA' });
    const clock = { now: new Date('2026-03-30T09:00:00Z') };
    const run = scheduler(clock);
    await run.tick();
    clock.now = new Date('2026-04-03T17:00:00Z');
    await run.tick();
    const [monday, friday] = mailsTo(email).map(parsed);
    expect(monday!.text).toContain('Todavía no registras ninguna semana.');
    expect(friday!.subject).toBe('Tu reflexión del viernes');
    expect(friday!.text).toContain('No tienes tareas activas.');
  });
});

const meOf = async (cookie: string) => await answerOf('GET /api/me', t.request('/api/me', { cookie }));

describe('who gets none', () => {
  it('skips unconfirmed, reminders-off, suspended and deleted accounts, and sends to the founder who should get one', async () => {
    const control = await founder();
    const unconfirmed = await founder({}, { confirmed: false });
    const off = await founder({ emailRemindersEnabled: false });
    const suspended = await founder();
    await t.db.update(users).set({ status: 'suspended' }).where(eq(users.id, suspended.user.id));
    const deleted = await founder();
    expect((await t.request('/api/account/delete', { method: 'POST', cookie: deleted.cookie, json: { email: deleted.email } })).status).toBe(200);

    const clock = { now: new Date('2026-03-30T09:00:00Z') };
    const run = scheduler(clock);
    await run.tick();
    clock.now = new Date('2026-04-03T17:00:00Z');
    await run.tick();
    expect(mailsTo(control.email)).toHaveLength(2);
    for (const skipped of [unconfirmed, off, suspended, deleted]) expect(mailsTo(skipped.email)).toEqual([]);
  });

  it('never sends a stale reminder: a server down on Monday morning sends it that evening, one down all Monday does not send it on Tuesday', async () => {
    const { email } = await founder({ timeZone: 'America/Santiago', emailMondayHour: '09:00' });
    const clock = { now: new Date() };
    const run = scheduler(clock);
    expect(
      await countsAt(run, clock, email, [
        '2026-03-30T23:00:00Z', // the first tick that Monday: 20:00 in Santiago, still Monday: sent
        '2026-04-07T04:30:00Z', // a week later, first tick on Tuesday 00:30 (UTC−4): too late
        '2026-04-07T15:00:00Z', // Tuesday afternoon: still not
        '2026-04-13T13:00:00Z', // the Monday after, at 09:00: sent
      ]),
    ).toEqual([1, 1, 1, 2]);
  });

  it('an unknown time zone stored on a profile falls back to UTC, logged once', async () => {
    const { email, user } = await founder();
    await t.db.update(users).set({ timeZone: 'Mars/Olympus_Mons' }).where(eq(users.id, user.id));
    const lines: string[] = [];
    const logger = pino({ level: 'warn' }, new Writable({
        write(chunk, _encoding, done) {
          lines.push(String(chunk));
          done();
        },
      }));
    const clock = { now: new Date('2026-03-30T08:59:00Z') };
    const run = scheduler(clock, logger);
    expect(await countsAt(run, clock, email, ['2026-03-30T08:59:00Z', '2026-03-30T09:00:00Z', '2026-03-30T09:01:00Z'])).toEqual([0, 1, 1]);
    const warnings = lines.filter((line) => line.includes('Mars/Olympus_Mons'));
    expect(warnings).toHaveLength(1);
  });
});

describe('exactly once, with retries', () => {
  it('a refused send is recorded and retried after 1 and then 4 minutes, and goes out once', async () => {
    const { email, user } = await founder();
    peer.rejectNext(2);
    const clock = { now: new Date() };
    const run = scheduler(clock);
    const record = async () => (await t.db.select().from(weeklyEmails).where(eq(weeklyEmails.userId, user.id)))[0]!;

    expect(await countsAt(run, clock, email, ['2026-03-30T09:00:00Z'])).toEqual([0]);
    expect(await record()).toMatchObject({ status: 'failed', attempts: 1, nextAttemptAt: new Date('2026-03-30T09:01:00Z'), lastError: expect.stringContaining('mailbox unavailable') });
    expect(await countsAt(run, clock, email, ['2026-03-30T09:00:30Z', '2026-03-30T09:01:00Z'])).toEqual([0, 0]);
    expect(await record()).toMatchObject({ status: 'failed', attempts: 2, nextAttemptAt: new Date('2026-03-30T09:05:00Z') });
    expect(await countsAt(run, clock, email, ['2026-03-30T09:04:00Z', '2026-03-30T09:05:00Z', '2026-03-30T09:30:00Z'])).toEqual([0, 1, 1]);
    expect(await record()).toMatchObject({ status: 'sent', attempts: 3, sentAt: new Date('2026-03-30T09:05:00Z') });
  });

  it('gives up when the day is over, or after 5 attempts', async () => {
    const a = await founder({ emailMondayHour: '23:58' });
    peer.rejectNext(1);
    const clock = { now: new Date() };
    const run = scheduler(clock);
    expect(await countsAt(run, clock, a.email, ['2026-03-30T23:58:00Z', '2026-03-31T00:00:00Z'])).toEqual([0, 0]);
    const [record] = await t.db.select().from(weeklyEmails).where(eq(weeklyEmails.userId, a.user.id));
    expect(record).toMatchObject({ status: 'abandoned', lastError: 'its day is over' });

    const b = await founder();
    peer.rejectNext(Number.POSITIVE_INFINITY);
    // 1 + 4 + 16 + 60 minutes of backoff between the five attempts.
    await countsAt(run, clock, b.email, ['2026-04-06T09:00:00Z', '2026-04-06T09:01:00Z', '2026-04-06T09:05:00Z', '2026-04-06T09:21:00Z', '2026-04-06T10:21:00Z', '2026-04-06T12:00:00Z']);
    const [given] = await t.db.select().from(weeklyEmails).where(eq(weeklyEmails.userId, b.user.id));
    expect(given).toMatchObject({ status: 'abandoned', attempts: 5, lastError: expect.stringContaining('mailbox unavailable') });
    expect(mailsTo(b.email)).toEqual([]);
  });

  it('two schedulers ticking at the same minute send one e-mail per founder', async () => {
    const founders = await Promise.all(Array.from({ length: 4 }, () => founder()));
    const clock = { now: new Date('2026-03-30T09:00:00Z') };
    const [a, b] = [scheduler(clock), scheduler(clock)];
    const reports = await Promise.all([a.tick(), b.tick(), a.tick()]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(4);
    for (const { email } of founders) expect(mailsTo(email)).toHaveLength(1);
  });
});

describe('unsubscribing', () => {
  const unsubscribePath = (token: string) => `/api/reminders/unsubscribe?token=${encodeURIComponent(token)}`;

  it('the link only asks; the one-click POST turns reminders off without a session, and the profile shows it', async () => {
    const { cookie, user, email } = await founder({ preferredLanguage: 'es-LA' });
    const token = unsubscribeToken(signingSecret(t.deps), user.id);
    const asked = await t.request(unsubscribePath(token));
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Cancelar la suscripción');
    expect((await meOf(cookie)).emailRemindersEnabled).toBe(true);

    // As a mail client sends it (RFC 8058): no cookie, no Origin.
    const done = await t.app.request(unsubscribePath(token), {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('ya no recibirás correos semanales');
    expect((await meOf(cookie)).emailRemindersEnabled).toBe(false);
    await scheduler({ now: new Date('2026-03-30T09:00:00Z') }).tick();
    expect(mailsTo(email)).toEqual([]);
  });

  it('refuses a forged or altered link and changes nothing', async () => {
    const victim = await founder();
    const attacker = await founder();
    const secret = signingSecret(t.deps);
    const attackerToken = unsubscribeToken(secret, attacker.user.id);
    const [, signature] = attackerToken.split('.');
    const forged = [
      `${Buffer.from(victim.user.id).toString('base64url')}.${signature}`, // the attacker's signature on the victim's id
      unsubscribeToken('another-secret-that-is-at-least-32-characters', victim.user.id),
      `${unsubscribeToken(secret, victim.user.id).slice(0, -2)}AA`,
      'not-a-token',
      '',
    ];
    for (const token of forged) {
      const response = await t.app.request(unsubscribePath(token), { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
      expect(response.status, token).toBe(400);
    }
    expect((await meOf(victim.cookie)).emailRemindersEnabled).toBe(true);
  });
});

describe('two instances on one PostgreSQL', () => {
  const BASE_DATABASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

  it('running the scheduler at the same minute send one e-mail per founder', { timeout: 120_000 }, async () => {
    const database = await createThrowawayDatabase(BASE_DATABASE_URL, 'rumbo_weekly');
    // One after the other: the first runs the migrations. Each has its own connections, as two servers would.
    const first = await createTestApp({}, { databaseUrl: database.url });
    const second = await createTestApp({}, { databaseUrl: database.url });
    try {
      const emails: string[] = [];
      for (let index = 0; index < 5; index++) {
        const account = await first.signUp();
        const link = new URL(await first.outbox.link(account.email, 'confirm-email'));
        expect((await first.request(link.pathname + link.search)).status).toBe(302);
        emails.push(account.email);
      }
      const clock = { now: new Date('2026-03-30T09:00:00Z') };
      const instance = (app: typeof first) =>
        createWeeklyEmailScheduler({
          db: app.db,
          mailer: createMailer({ smtpUrl: peer.url, from: 'Rumbo <hola@rumbo.test>', outboxDir: '/nonexistent', logger: silent }),
          logger: silent,
          appUrl: TEST_ORIGIN,
          secret: signingSecret(app.deps),
          trialDays: () => app.deps.env.trialDays,
          now: () => clock.now,
        });
      const [a, b] = [instance(first), instance(second)];
      const reports = await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
      expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(5);
      for (const email of emails) expect(mailsTo(email)).toHaveLength(1);
      expect(await second.db.select().from(weeklyEmails)).toHaveLength(5);
    } finally {
      await first.close();
      await second.close();
      await database.drop();
    }
  });
});
