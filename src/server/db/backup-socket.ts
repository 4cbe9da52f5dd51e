import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import type { Logger } from '../logger.ts';
import { backupStream } from './backup.ts';

/**
 * While a server holds the embedded database, nothing else may open it; `npm run backup`
 * asks the server instead, through a Unix socket in DATA_DIR (only who can read DATA_DIR can
 * reach it, the same people who could copy the folder). One request, `POST /backup`,
 * answers with the backup's bytes (docs/decisions/238-embedded-backups.md).
 */
export const BACKUP_SOCKET_NAME = 'rumbo.sock';

export type BackupSocket = { close: () => Promise<void> };

/**
 * Listens on DATA_DIR/rumbo.sock. A socket it cannot open (a path longer than the system's
 * limit of about 100 bytes, a file system without sockets) is logged and the server starts
 * without it: `npm run backup` then says to stop the server first.
 */
export async function listenForBackups(options: { dataDir: string; dumpDatabase: () => Promise<Blob>; logger: Logger }): Promise<BackupSocket | null> {
  const socketPath = path.join(options.dataDir, BACKUP_SOCKET_NAME);
  // Left by a server that was killed: this one holds the DATA_DIR lock, so it is stale.
  fs.rmSync(socketPath, { force: true });
  const server = http.createServer((request, response) => {
    if (request.method !== 'POST' || request.url !== '/backup') {
      response.writeHead(404).end();
      return;
    }
    const started = Date.now();
    response.writeHead(200, { 'content-type': 'application/gzip' });
    backupStream(options.dataDir, options.dumpDatabase, (error) => {
      if (error) options.logger.error({ err: error }, 'backup failed');
      else options.logger.info({ ms: Date.now() - started }, 'backup written');
    }).pipe(response);
  });
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(socketPath, () => {
        server.off('error', reject);
        fs.chmodSync(socketPath, 0o600);
        resolve();
      });
    });
  } catch (error) {
    options.logger.warn({ err: error, socketPath }, 'no backup socket: npm run backup will need the server stopped');
    return null;
  }
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
