import { Hono } from 'hono';
import { RuntimeSettingsInput, type RuntimeSettingName, type RuntimeSettings } from '../../../core/admin/runtime-settings.ts';
import { clientAddress } from '../../http/client-address.ts';
import type { AppDeps } from '../../app-deps.ts';
import type { AppBindings } from '../../http/context.ts';
import { documented, jsonBody } from '../../http/route-doc.ts';
import { requestContext } from '../../platform/audit.ts';
import { saveSettings } from '../../platform/runtime-settings.ts';

/** GET and PUT /api/admin/settings: the settings in force, the environment's defaults, and which an admin set. */
export type AdminSettings = { settings: RuntimeSettings; defaults: RuntimeSettings; overridden: RuntimeSettingName[]; updatedAt: string | null };

const answer = ({ settings }: AppDeps): AdminSettings => ({
  settings: settings.current(),
  defaults: settings.defaults, overridden: settings.overridden(), updatedAt: settings.updatedAt()?.toISOString() ?? null,
});

/** /api/admin/settings (mounted behind the admin check; decision 289). */
export const adminSettingsRoutes = new Hono<AppBindings>()
  .get('/', documented({ summary: 'Admin: the operating settings in force (trial length, tour autostart, working hours, new founders’ e-mail hours) and their defaults', tag: 'admin' }), (c) =>
    c.json(answer(c.get('deps'))),
  )
  .put(
    '/',
    documented({ summary: 'Admin: change operating settings (those sent); audited, in force on every instance at once', tag: 'admin' }),
    jsonBody(RuntimeSettingsInput),
    async (c) => {
      const input = c.req.valid('json');
      await saveSettings(c.get('deps'), input, { id: c.get('user').id, context: requestContext(c.req.raw, clientAddress(c)) });
      return c.json(answer(c.get('deps')));
    },
  );
