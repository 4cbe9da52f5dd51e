import fs from 'node:fs';
import { inject } from 'vitest';
import { createThrowawayDatabase } from '../../../scripts/lib/throwaway-database.ts';
import { type DatabaseHandle, openDatabase } from '../../../src/server/db/client.ts';

/**
 * A fresh, migrated database for one test file: in-memory PGlite by default, or,
 * when DATABASE_URL is set (CI's second pass), a new PostgreSQL database created
 * beside it and dropped afterwards, so files never see each other's rows. Both start
 * from the run's migrated template (tests/setup/migrated-database-template.ts) when
 * there is one; the migrations then find nothing left to apply.
 */
export async function openTestDatabase(): Promise<DatabaseHandle & { url?: string }> {
  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    const templatePath = inject('pgliteTemplatePath');
    return openDatabase({ memory: true, template: templatePath ? new Blob([fs.readFileSync(templatePath)]) : undefined });
  }

  const database = await createThrowawayDatabase(baseUrl, 'rumbo_test', inject('postgresTemplate'));
  const handle = await openDatabase({ url: database.url });
  return {
    ...handle,
    url: database.url,
    close: async () => {
      await handle.close();
      await database.drop();
    },
  };
}
