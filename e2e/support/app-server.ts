import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ServerProcess, spawnServerProcess } from '../../scripts/lib/server-process.ts';
import { CLIENT_DIR } from '../../scripts/lib/vite-manifest.ts';

/**
 * The real server serving the built client, on a free port with a throw-away
 * DATA_DIR, for scripts that drive a browser against it (scripts/audit-web.ts).
 * Build first (`npm run build`).
 */
export type AppServer = {
  /** http://localhost:PORT, also the server's APP_URL. */
  url: string;
  port: number;
  dataDir: string;
  /** What the server printed so far (for error messages). */
  output: () => string;
  stop: () => Promise<void>;
};

/**
 * `dataDir`: run on this data folder and leave it behind on stop, so a second server can
 * open the same accounts with other settings (a trial that has ended, say). Else a
 * throw-away folder of its own.
 */
export async function startAppServer(options: { env?: Record<string, string>; port?: number; dataDir?: string } = {}): Promise<AppServer> {
  const dataDir = options.dataDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-app-'));
  const server: ServerProcess = await spawnServerProcess({
    dataDir,
    ...(options.port ? { port: options.port } : {}),
    // Guided tours would cover each page on a first visit; e2e/tours.spec.ts turns them on.
    env: { NODE_ENV: 'production', CLIENT_DIR, GUIDED_TOURS_AUTOSTART: 'false', ...options.env },
  });
  const stop = async () => {
    await server.stop();
    if (!options.dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    await server.waitUntilHealthy();
  } catch (error) {
    await stop();
    throw error;
  }
  return {
    url: server.appUrl,
    port: server.port,
    dataDir,
    output: () => server.stdout() + server.stderr(),
    stop,
  };
}
