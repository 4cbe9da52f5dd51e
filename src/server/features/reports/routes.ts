import type { Context } from 'hono';
import { Hono } from 'hono';
import { PeriodInput, SectionsInput, SendInput } from '../../../core/reports/investor-update.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { mentorModelFor } from '../../ai/mentor-model.ts';
import { AcceptPolishInput, PolishInput } from '../../../core/reports/polish-check.ts';
import { requireAiAllowed } from '../ai-consent/index.ts';
import { acceptPolish, polishUpdate } from './polish.ts';
import { requestContext } from '../../platform/audit.ts';
import { rateLimit } from '../../http/rate-limit.ts';
import { updatePdf } from './pdf.ts';
import { savedInvestorList, savedScenarios, saveScenarios } from './saved-inputs.ts';
import { premiumOnly } from '../../http/require-premium.ts';
import { type ScenarioDraft, ScenarioDraftsInput } from '../../../core/reports/scenario-drafts.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createUpdate, getUpdate, listShares, listUpdates, listUpdateVersions, revokeShare, revokeShares, saveUpdate, sendUpdate, sharedUpdate, shareUpdate, updateForPdf } from './service.ts';
import { gonePageHtml, sharedPageHtml } from './shared-page.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';

const ids = (c: Context<AppBindings>) => [c.get('deps').db, c.get('user').id, c.req.param('id') ?? ''] as const;

/** The founder's investor updates (docs/reports.md#api); always their own. */
export const investorUpdateRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'The founder’s investor updates, newest first', tag: 'reports' }), async (c) => c.json(await listUpdates(c.get('deps').db, c.get('user').id)))
  .post(
    '/',
    documented({
      summary: 'Tier 2: draft an investor update for a period ({ fromWeek, toWeek } as YYYY-Www) from the founder’s records → 201 { id, markdown, kpis, sections }',
      tag: 'reports',
    }),
    jsonBody(PeriodInput),
    async (c) => {
      const period = c.req.valid('json');
      return c.json(await createUpdate(c.get('deps').db, c.get('user').id, period, { trialDays: c.get('deps').settings.current().trialDays }), 201);
    },
  )
  .get('/:id', documented({ summary: 'One update, its latest version', tag: 'reports' }), async (c) => c.json(await getUpdate(...ids(c))))
  .put('/:id', documented({ summary: 'Save edited sections as the next version', tag: 'reports' }), jsonBody(SectionsInput), async (c) => {
    const { sections } = c.req.valid('json');
    return c.json(await saveUpdate(...ids(c), sections));
  })
  .get('/:id/versions', documented({ summary: 'Every saved version, newest first', tag: 'reports' }), async (c) => c.json(await listUpdateVersions(...ids(c))))
  .get('/:id/pdf', documented({ summary: 'The update as a PDF', tag: 'reports', answers: 'application/pdf' }), async (c) => {
    const { update, charts } = await updateForPdf(...ids(c));
    return c.body(new Uint8Array(await updatePdf(update, charts)), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="investor-update-${update.toWeek}.pdf"`,
      'cache-control': 'no-store',
    });
  })
  // Polishing calls the model: AI consent and preference first, and the AI limit (decision 215).
  .post(
    '/:id/polish',
    documented({
      summary:
        'Tier 2, AI: the model’s polished wording of the version the founder sees, never saved → { basedOn, sections, flags, model }; flags are numbers not found in the update or its records (decision 215); 503 AI_MODEL_OFF with the offline mentor',
      tag: 'reports',
    }),
    rateLimit('aiRequest'),
    jsonBody(PolishInput),
    async (c) => {
      const { version } = c.req.valid('json');
      const { db, env } = c.get('deps');
      await requireAiAllowed(db, c.get('user').id);
      return c.json(await polishUpdate(...ids(c), { version, model: mentorModelFor(env), trialDays: c.get('deps').settings.current().trialDays }));
    },
  )
  .post(
    '/:id/polish/accept',
    documented({
      summary: 'Save an accepted proposal as the next version; refused (sections.<key>: validation:reports.unverifiedNumber) while a number is still unverified',
      tag: 'reports',
    }),
    jsonBody(AcceptPolishInput),
    async (c) => {
      const input = c.req.valid('json');
      return c.json(await acceptPolish(...ids(c), input));
    },
  )
  .post('/:id/share', documented({ summary: 'A read-only link that opens signed out, expiring in 30 days → 201 { url, expiresAt }', tag: 'reports' }), async (c) => {
    const context = requestContext(c.req.raw, clientAddress(c));
    return c.json(await shareUpdate(...ids(c), c.get('deps').env.appUrl, context), 201);
  })
  .post(
    '/:id/send',
    documented({ summary: 'E-mail the update to up to 50 investors, each with a share link of their own; an update without data is not sent', tag: 'reports' }),
    rateLimit('investorUpdateSend'),
    jsonBody(SendInput),
    async (c) => {
      const { recipients } = c.req.valid('json');
      const { env, logger } = c.get('deps');
      const services = { mailer: createMailer({ ...env.mail, logger }), appUrl: env.appUrl, context: requestContext(c.req.raw, clientAddress(c)) };
      return c.json(await sendUpdate(...ids(c), recipients, services));
    },
  )
  .delete('/:id/share', documented({ summary: 'Revoke the update’s links (they answer 410)', tag: 'reports' }), async (c) => {
    await revokeShares(...ids(c), requestContext(c.req.raw, clientAddress(c)));
    return c.body(null, 204);
  })
  .get('/:id/shares', documented({ summary: 'The update’s live share links → [{ id, createdAt, expiresAt }], newest first (decision 263)', tag: 'reports' }), async (c) =>
    c.json(await listShares(...ids(c))),
  )
  .delete('/:id/shares/:shareId', documented({ summary: 'Revoke one share link (it answers 410); 404 when it is not a live link of this update', tag: 'reports' }), async (c) => {
    await revokeShare(...ids(c), c.req.param('shareId'), requestContext(c.req.raw, clientAddress(c)));
    return c.body(null, 204);
  });

/** GET /api/reports/scenarios: the scenarios as last saved, null before the first save. */
export type SavedScenarios = { scenarios: ScenarioDraft[] | null };
/** PUT /api/reports/scenarios: the scenarios as now saved. */
export type ScenariosSaved = { scenarios: ScenarioDraft[] };

/** The founder's runway scenarios as last typed (decision 182); tier 2, like the page. */
export const scenarioRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .use(premiumOnly)
  .get('/', documented({ summary: 'Tier 2: the founder’s runway scenarios as last saved (numbers as typed), or null before the first save', tag: 'reports' }), async (c) =>
    c.json({ scenarios: await savedScenarios(c.get('deps').db, c.get('user').id) } satisfies SavedScenarios),
  )
  .put('/', documented({ summary: 'Tier 2: replace the founder’s runway scenarios (at most 4, 12 changes each)', tag: 'reports' }), jsonBody(ScenarioDraftsInput), async (c) => {
    const { scenarios } = c.req.valid('json');
    return c.json({ scenarios: await saveScenarios(c.get('deps').db, c.get('user').id, scenarios) } satisfies ScenariosSaved);
  });

/** GET /api/reports/investors: the addresses of the last send, none before it. */
export type InvestorList = { recipients: string[] };

/** The addresses the founder last sent an update to (decision 185), kept by the send itself. */
export const investorListRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', documented({ summary: 'The addresses the founder last sent an investor update to', tag: 'reports' }), async (c) =>
    c.json({ recipients: await savedInvestorList(c.get('deps').db, c.get('user').id) } satisfies InvestorList),
  );

/** A share link, opened signed out: the update read-only, or 410 once expired or revoked. */
export const sharedUpdateRoutes = new Hono<AppBindings>().get(
  '/:token',
  documented({ summary: 'A shared update, read-only HTML; 410 once expired or revoked', tag: 'reports', public: true, answers: 'text/html' }),
  async (c) => {
    const update = await sharedUpdate(c.get('deps').db, c.req.param('token'));
    const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
    if (update === 'gone') return c.body(gonePageHtml('en'), 410, headers);
    return c.body(sharedPageHtml(update.markdown, update.language, { title: update.title, startupName: update.startupName }), 200, headers);
  },
);
