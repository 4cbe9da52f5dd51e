import type { Context } from 'hono';
import { Hono } from 'hono';
import { PeriodInput, SectionsInput, SendInput } from '../../../core/reports/investor-update.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppBindings } from '../../http/context.ts';
import { requireUser } from '../../http/require-user.ts';
import { parseJsonBody } from '../../http/validate.ts';
import { mentorModelFor } from '../../ai/mentor-model.ts';
import { AcceptPolishInput, PolishInput } from '../../../core/reports/polish-check.ts';
import { requireAiAllowed } from '../ai-consent/index.ts';
import { acceptPolish, polishUpdate } from './polish.ts';
import { requestContext } from '../../platform/audit.ts';
import { rateLimit } from '../../rate-limit/middleware.ts';
import { markdownPdf } from './pdf.ts';
import { savedInvestorList, savedScenarios, saveScenarios } from './saved-inputs.ts';
import { requirePremium } from '../../platform/premium.ts';
import { ScenarioDraftsInput } from '../../../core/reports/scenario-drafts.ts';
import { createMailer } from '../../mail/mailer.ts';
import { createUpdate, getUpdate, listUpdates, listUpdateVersions, revokeShares, saveUpdate, sendUpdate, sharedUpdate, shareUpdate, updateForPdf } from './service.ts';
import { gonePageHtml, sharedPageHtml } from './shared-page.ts';

const ids = (c: Context<AppBindings>) => [c.get('deps').db, c.get('user').id, c.req.param('id') ?? ''] as const;

/** The founder's investor updates (docs/reports.md#api); always their own. */
export const investorUpdateRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', async (c) => c.json(await listUpdates(c.get('deps').db, c.get('user').id)))
  .post('/', async (c) => {
    const period = await parseJsonBody(c, PeriodInput);
    return c.json(await createUpdate(c.get('deps').db, c.get('user').id, period, { trialDays: c.get('deps').env.trialDays }), 201);
  })
  .get('/:id', async (c) => c.json(await getUpdate(...ids(c))))
  .put('/:id', async (c) => {
    const { sections } = await parseJsonBody(c, SectionsInput);
    return c.json(await saveUpdate(...ids(c), sections));
  })
  .get('/:id/versions', async (c) => c.json(await listUpdateVersions(...ids(c))))
  .get('/:id/pdf', async (c) => {
    const { update, charts } = await updateForPdf(...ids(c));
    return c.body(new Uint8Array(markdownPdf(update.markdown, charts)), 200, {
      'content-type': 'application/pdf',
      'content-disposition': `attachment; filename="investor-update-${update.toWeek}.pdf"`,
      'cache-control': 'no-store',
    });
  })
  // Polishing calls the model: AI consent and preference first, and the AI limit (decision 215).
  .post('/:id/polish', rateLimit('aiRequest'), async (c) => {
    const { version } = await parseJsonBody(c, PolishInput);
    const { db, env } = c.get('deps');
    await requireAiAllowed(db, c.get('user').id);
    return c.json(await polishUpdate(...ids(c), { version, model: mentorModelFor(env), trialDays: env.trialDays }));
  })
  .post('/:id/polish/accept', async (c) => {
    const input = await parseJsonBody(c, AcceptPolishInput);
    return c.json(await acceptPolish(...ids(c), input));
  })
  .post('/:id/share', async (c) => {
    const context = requestContext(c.req.raw, clientAddress(c));
    return c.json(await shareUpdate(...ids(c), c.get('deps').env.appUrl, context), 201);
  })
  .post('/:id/send', rateLimit('investorUpdateSend'), async (c) => {
    const { recipients } = await parseJsonBody(c, SendInput);
    const { env, logger } = c.get('deps');
    const services = { mailer: createMailer({ ...env.mail, logger }), appUrl: env.appUrl, context: requestContext(c.req.raw, clientAddress(c)) };
    return c.json(await sendUpdate(...ids(c), recipients, services));
  })
  .delete('/:id/share', async (c) => {
    await revokeShares(...ids(c), requestContext(c.req.raw, clientAddress(c)));
    return c.body(null, 204);
  });

/** The founder's runway scenarios as last typed (decision 182); tier 2, like the page. */
export const scenarioRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .use(async (c, next) => {
    await requirePremium(c.get('deps').db, c.get('user').id, c.get('deps').env.trialDays);
    await next();
  })
  .get('/', async (c) => c.json({ scenarios: await savedScenarios(c.get('deps').db, c.get('user').id) }))
  .put('/', async (c) => {
    const { scenarios } = await parseJsonBody(c, ScenarioDraftsInput);
    return c.json({ scenarios: await saveScenarios(c.get('deps').db, c.get('user').id, scenarios) });
  });

/** The addresses the founder last sent an update to (decision 185), kept by the send itself. */
export const investorListRoutes = new Hono<AppBindings>()
  .use(requireUser)
  .get('/', async (c) => c.json({ recipients: await savedInvestorList(c.get('deps').db, c.get('user').id) }));

/** A share link, opened signed out: the update read-only, or 410 once expired or revoked. */
export const sharedUpdateRoutes = new Hono<AppBindings>().get('/:token', async (c) => {
  const update = await sharedUpdate(c.get('deps').db, c.req.param('token'));
  const headers = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'referrer-policy': 'no-referrer' };
  if (update === 'gone') return c.body(gonePageHtml('en'), 410, headers);
  return c.body(sharedPageHtml(update.markdown, update.language), 200, headers);
});
