import { spawn } from 'node:child_process';
import path from 'node:path';
import { freePort } from '../../scripts/lib/server-process.ts';

/** The framework ceiling (bench/lib/bare-server.ts) in a process of its own, so the load generator does not share its thread. */
export async function startBare(): Promise<{ url: string; stop: () => void }> {
  const port = await freePort();
  const child = spawn(process.execPath, [path.join(import.meta.dirname, 'bare-server.ts'), String(port)], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => chunk.includes('listening') && resolve());
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  return { url: `http://127.0.0.1:${port}/bare`, stop: () => child.kill('SIGTERM') };
}
