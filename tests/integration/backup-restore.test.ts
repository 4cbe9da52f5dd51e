import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/build-if-stale.ts';
import { type Database, openDatabase } from '../../src/server/db/client.ts';
import { cleanUpServerProcesses, makeDataDir, send, startServerProcess } from './support/server-process.ts';

/**
 * `npm run backup` and `npm run restore` on the embedded installation: a backup taken while
 * the server runs (through its socket) restores into an empty DATA_DIR with every table's
 * rows and every upload identical, and the restored folder starts a server.
 */

afterEach(cleanUpServerProcesses);

function run(script: 'backup' | 'restore', dataDir: string, file: string) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return spawnSync(process.execPath, [`scripts/${script}.ts`, file], { cwd: ROOT, env, encoding: 'utf8', timeout: 90_000 });
}

/** Every table of the public schema with a digest of all its rows, in a stable order. */
async function tableDigests(db: Database): Promise<Record<string, string>> {
  const tables = await db.execute(sql`select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`);
  const digests: Record<string, string> = {};
  for (const { table_name: table } of (tables as unknown as { rows: { table_name: string }[] }).rows) {
    const result = await db.execute(sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, '|' order by t::text), '')) as digest from "${table}" t`));
    const [row] = (result as unknown as { rows: { n: number; digest: string }[] }).rows;
    digests[table] = `${row!.n}:${row!.digest}`;
  }
  return digests;
}

async function digestsOf(dataDir: string) {
  const handle = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
  try {
    return await tableDigests(handle.db);
  } finally {
    await handle.close();
  }
}

const fileDigest = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('backup and restore of the embedded installation', () => {
  it('backs up a running server and restores every table and file into a new DATA_DIR', { timeout: 240_000 }, async () => {
    const dataDir = makeDataDir();
    // Founders' rows, written before the server takes the folder (the script cannot open it after).
    const seeded = await openDatabase({ dataDir: path.join(dataDir, 'pglite') });
    await seeded.db.execute(sql`insert into auth_users (id, name, email, email_verified) values ('backup-a', 'Ana', 'ana@example.com', true), ('backup-b', 'Luis Ñandú', 'luis@example.com', false)`);
    await seeded.db.execute(sql`insert into users (id, email, full_name, core_problem_statement) values ('backup-a', 'ana@example.com', 'Ana', 'Pagos Ágiles'), ('backup-b', 'luis@example.com', 'Luis Ñandú', null)`);
    await seeded.close();
    const upload = path.join(dataDir, 'uploads', 'context', 'backup-a', 'entry-1', 'deck');
    fs.mkdirSync(path.dirname(upload), { recursive: true });
    fs.writeFileSync(upload, Buffer.from('%PDF-1.4 pitch deck ¿qué?'));

    const server = await startServerProcess({ dataDir });
    // A write through the running server: it must be in the backup too.
    const refused = await send(server, '/api/auth/sign-in/email', { method: 'POST', json: { email: 'ana@example.com', password: 'wrong password 1' } });
    expect(refused.status).toBeGreaterThanOrEqual(400);
    const backupFile = path.join(makeDataDir(), 'rumbo.tar.gz');
    const backup = run('backup', dataDir, backupFile);
    expect(backup.stderr).toBe('');
    expect(backup.stdout).toMatch(/Backup written to .* through the running server/);
    await server.stop();

    // Restoring into a folder that already holds data is refused, and changes nothing there.
    const refusedRestore = run('restore', dataDir, backupFile);
    expect(refusedRestore.status).toBe(1);
    expect(refusedRestore.stderr).toContain('is not empty');

    const restoredDir = path.join(makeDataDir(), 'data');
    const restore = run('restore', restoredDir, backupFile);
    expect(restore.stderr).toBe('');
    expect(restore.stdout).toContain('2 accounts, 2 files checked');

    const [original, restored] = [await digestsOf(dataDir), await digestsOf(restoredDir)];
    expect(Object.keys(restored).length).toBeGreaterThan(40);
    expect(restored).toEqual(original);
    expect(fileDigest(path.join(restoredDir, 'uploads', 'context', 'backup-a', 'entry-1', 'deck'))).toBe(fileDigest(upload));
    expect(fs.readFileSync(path.join(restoredDir, 'auth-secret'), 'utf8')).toBe(fs.readFileSync(path.join(dataDir, 'auth-secret'), 'utf8'));

    // The restored folder is a working installation: the same accounts sign in against it.
    const again = await startServerProcess({ dataDir: restoredDir });
    const me = await send(again, '/api/auth/sign-in/email', { method: 'POST', json: { email: 'luis@example.com', password: 'wrong password 1' } });
    expect(me.status).toBe(refused.status);
  });

  it('refuses a file that is not a backup, leaving the folder empty', { timeout: 60_000 }, () => {
    const junk = path.join(makeDataDir(), 'junk.tar.gz');
    fs.writeFileSync(junk, 'not a backup');
    const target = path.join(makeDataDir(), 'data');
    const result = run('restore', target, junk);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('is not a Rumbo backup');
    expect(fs.existsSync(path.join(target, 'pglite'))).toBe(false);
  });
});
