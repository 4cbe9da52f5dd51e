import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * A new PostgreSQL database beside `baseUrl`'s (never `baseUrl`'s own), for one test
 * file or one benchmark, and how to drop it afterwards: empty, or a copy of `template`
 * (a database nobody is connected to, such as one migrated once for a whole test run).
 */
export async function createThrowawayDatabase(baseUrl: string, prefix = 'rumbo_test', template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: baseUrl });
  await admin.connect();
  await admin.query(template ? `CREATE DATABASE ${name} TEMPLATE ${template}` : `CREATE DATABASE ${name}`);
  await admin.end();

  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const drop = async () => {
    const dropper = new pg.Client({ connectionString: baseUrl });
    await dropper.connect();
    // Connections of a pool that was just ended may still be closing: give them a moment,
    // so that FORCE only cuts what was truly left open.
    for (let wait = 0; wait < 40; wait++) {
      const { rows } = await dropper.query<{ open: number }>('SELECT count(*)::int AS open FROM pg_stat_activity WHERE datname = $1', [name]);
      if (rows[0]?.open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    await dropper.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await dropper.end();
  };
  return { url: url.toString(), drop };
}
