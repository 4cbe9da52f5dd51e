import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { PGlite } from '@electric-sql/pglite';
import type { TestProject } from 'vitest/node';
import { createThrowawayDatabase } from '../../scripts/lib/throwaway-database.ts';
import { openDatabase } from '../../src/server/db/client.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dump of a migrated PGlite database, for the run on the embedded database. */
    pgliteTemplatePath?: string;
    /** A migrated PostgreSQL database to copy, for the run with DATABASE_URL. */
    postgresTemplate?: string;
  }
}

/**
 * Migrates one database for the whole integration run; every test file then starts from
 * a copy of it (tests/integration/support/test-database.ts) instead of creating and
 * migrating its own. On PGlite a copy loads about four times faster than a new database
 * starts (docs/decisions/120-e2e-without-flakes.md).
 */
export default async function setup(project: TestProject) {
  const baseUrl = process.env.DATABASE_URL;
  if (baseUrl) {
    const template = await createThrowawayDatabase(baseUrl, 'rumbo_template');
    const handle = await openDatabase({ url: template.url });
    await handle.close();
    project.provide('postgresTemplate', new URL(template.url).pathname.slice(1));
    return () => template.drop();
  }
  const handle = await openDatabase({ memory: true });
  const dump = await (handle.db as unknown as { $client: PGlite }).$client.dumpDataDir('none');
  await handle.close();
  const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-template-'));
  const file = path.join(folder, 'migrated.tar');
  fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplatePath', file);
  return () => fs.rmSync(folder, { recursive: true, force: true });
}
