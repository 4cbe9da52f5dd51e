import { RUNTIME_SETTINGS, RuntimeSettingsInput, type RuntimeSettingName, type RuntimeSettings } from '../../core/admin/runtime-settings.ts';
import type { SessionEventBus } from '../cluster/shared-state.ts';
import type { Database } from '../db/client.ts';
import { runtimeSettings } from '../db/schema/index.ts';
import type { Logger } from '../logger.ts';
import { recordAuditEvent, type RequestContext } from './audit.ts';

/**
 * The operating settings in force (decision 289): the environment's defaults, overridden by
 * what an admin saved in `runtime_settings`. Every instance keeps them in memory, read once at
 * start and again whenever the bus says they changed (`settings-changed`) or that news may
 * have been missed (`resync`), so a request reads them without a query and a change reaches
 * every instance at once, without a restart.
 */
export type SettingsStore = {
  /** The settings in force on this instance now. */
  current: () => RuntimeSettings;
  /** What the environment gives, in force where no admin has set a value. */
  defaults: RuntimeSettings;
  /** Which settings an admin has set, and when they last changed (null: never). */
  overridden: () => RuntimeSettingName[];
  updatedAt: () => Date | null;
  /** Reads the saved settings again (the bus calls it; tests await it). */
  reload: () => Promise<void>;
};

type Saved = { values: Partial<RuntimeSettings>; updatedAt: Date | null };

async function readSaved(db: Database): Promise<Saved> {
  const rows = await db.select().from(runtimeSettings);
  const values: Partial<RuntimeSettings> = {};
  let updatedAt: Date | null = null;
  for (const row of rows) {
    if (!(RUNTIME_SETTINGS as readonly string[]).includes(row.name)) continue;
    // A value written by an older version that no longer passes is left to the default.
    const parsed = RuntimeSettingsInput.safeParse({ [row.name]: row.value });
    if (!parsed.success) continue;
    Object.assign(values, parsed.data);
    if (!updatedAt || row.updatedAt > updatedAt) updatedAt = row.updatedAt;
  }
  return { values, updatedAt };
}

export async function openSettingsStore(options: { db: Database; bus: SessionEventBus; defaults: RuntimeSettings; logger: Logger }): Promise<SettingsStore> {
  const { db, defaults, logger } = options;
  let saved = await readSaved(db);
  /** Reads overlap only rarely; the newest one started wins, so a slow older read never undoes a newer one. */
  let readCount = 0;
  const reload = async () => {
    const mine = ++readCount;
    const next = await readSaved(db);
    if (mine === readCount) saved = next;
  };
  options.bus.subscribe((event) => {
    if (event.type !== 'settings-changed' && event.type !== 'resync') return;
    reload().catch((error: unknown) => logger.error({ err: error }, 'runtime settings not read again'));
  });
  return {
    current: () => ({ ...defaults, ...saved.values }),
    defaults,
    overridden: () => RUNTIME_SETTINGS.filter((name) => name in saved.values),
    updatedAt: () => saved.updatedAt,
    reload,
  };
}

/**
 * Saves the settings an admin changed, audited as `security_settings_changed` with the before
 * and after of each, then tells every instance (this one first: it has them when this answers).
 */
export async function saveSettings(
  deps: { db: Database; bus: SessionEventBus; settings: SettingsStore },
  input: RuntimeSettingsInput,
  admin: { id: string; context: RequestContext },
): Promise<void> {
  const before = deps.settings.current();
  const now = new Date();
  const names = RUNTIME_SETTINGS.filter((name) => input[name] !== undefined);
  await deps.db.transaction(async (tx) => {
    for (const name of names) {
      const values = { value: input[name], updatedBy: admin.id, updatedAt: now };
      await tx.insert(runtimeSettings).values({ name, ...values }).onConflictDoUpdate({ target: runtimeSettings.name, set: values });
    }
    await recordAuditEvent(tx as unknown as Database, {
      action: 'settings_changed',
      adminId: admin.id,
      context: admin.context,
      details: { before: Object.fromEntries(names.map((name) => [name, before[name]])), after: Object.fromEntries(names.map((name) => [name, input[name]])) },
    }, now);
  });
  await deps.settings.reload();
  await deps.bus.publish({ type: 'settings-changed' });
}
