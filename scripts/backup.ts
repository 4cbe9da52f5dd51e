/**
 * `npm run backup -- FILE`: a consistent backup of the embedded installation (database,
 * uploads, auth secret) into FILE, a gzipped tar. With a server running on DATA_DIR it asks
 * that server through its socket (the embedded database is one process's); with none it
 * opens the database itself. On PostgreSQL it says what to use instead (docs/operations.md#backups).
 */
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { BACKUP_SOCKET_NAME } from '../src/server/db/backup-socket.ts';
import { writeBackup } from '../src/server/db/backup.ts';
import { openDatabase } from '../src/server/db/client.ts';
import { DataDirLockedError, lockDataDir } from '../src/server/db/data-dir-lock.ts';
import { EnvError, parseEnv } from '../src/server/env.ts';

const file = process.argv.slice(2).find((arg) => !arg.startsWith('-'));
if (!file) {
  console.error('Usage: npm run backup -- FILE   (e.g. npm run backup -- rumbo-2026-11-29.tar.gz)');
  process.exit(2);
}
const target = path.resolve(file);

/** Asks the running server for the backup and writes its bytes to the file. */
function backupThroughServer(socketPath: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const request = http.request({ socketPath, path: '/backup', method: 'POST' }, (response) => {
      if (response.statusCode !== 200) {
        reject(new Error(`The server answered ${response.statusCode} to the backup request.`));
        response.resume();
        return;
      }
      pipeline(response, fs.createWriteStream(target)).then(resolve, reject);
    });
    request.on('error', reject);
    request.end();
  });
}

try {
  const env = parseEnv(process.env);
  if (env.databaseUrl) {
    console.error('DATABASE_URL is set: back up PostgreSQL with pg_dump, and S3 uploads with your object store\'s copy (docs/operations.md, "Backups").');
    process.exit(1);
  }
  const started = Date.now();
  let how: string;
  try {
    const lock = lockDataDir(env.dataDir);
    try {
      const database = await openDatabase({ dataDir: path.join(env.dataDir, 'pglite') });
      try {
        await writeBackup(env.dataDir, database.dump!, fs.createWriteStream(target));
      } finally {
        await database.close();
      }
    } finally {
      lock.release();
    }
    how = 'no server was running';
  } catch (error) {
    if (!(error instanceof DataDirLockedError)) throw error;
    const socketPath = path.join(env.dataDir, BACKUP_SOCKET_NAME);
    if (!fs.existsSync(socketPath)) throw new Error(`${error.message}\nThat server has no backup socket (${socketPath}): stop it, then run the backup again.`);
    await backupThroughServer(socketPath);
    how = `through the running server (pid ${error.ownerPid})`;
  }
  const bytes = fs.statSync(target).size;
  console.log(`Backup written to ${target}: ${(bytes / 1024 / 1024).toFixed(1)} MB in ${((Date.now() - started) / 1000).toFixed(1)} s, ${how}.`);
} catch (error) {
  fs.rmSync(target, { force: true });
  console.error(error instanceof EnvError ? error.message : `Backup failed: ${(error as Error).message}`);
  process.exit(1);
}
