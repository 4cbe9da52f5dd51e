import { spawnSync } from 'node:child_process';
import { afterEach, describe, expect, it } from 'vitest';
import { ROOT } from '../../scripts/lib/build-if-stale.ts';
import { cleanUpServerProcesses, makeDataDir, send, startServerProcess } from './support/server-process.ts';
import { sessionCookie } from './support/test-app.ts';

/** `npm run admin:grant -- email` on the embedded database (the server stopped, as it must be). */

afterEach(cleanUpServerProcesses);

function grant(dataDir: string, ...emails: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir, LOG_LEVEL: 'silent' };
  delete env.DATABASE_URL;
  delete env.REDIS_URL;
  return spawnSync(process.execPath, ['scripts/admin-grant.ts', ...emails], { cwd: ROOT, env, encoding: 'utf8', timeout: 60_000 });
}

describe('npm run admin:grant', () => {
  it('makes an existing account an admin, and explains what it cannot do', { timeout: 120_000 }, async () => {
    const dataDir = makeDataDir();
    const first = await startServerProcess({ dataDir });
    const signUp = await send(first, '/api/auth/sign-up/email', {
      method: 'POST',
      json: { email: 'founder@example.com', password: 'correct horse battery', name: 'Ana', termsAccepted: true },
    });
    expect(signUp.status).toBe(200);

    // While the server holds the embedded database, the script refuses and says why.
    const busy = grant(dataDir, 'founder@example.com');
    expect(busy.status).toBe(1);
    expect(busy.stderr).toContain('RUMBO_ADMIN_EMAILS');
    await first.stop();

    const granted = grant(dataDir, 'founder@example.com');
    expect(granted.stdout).toContain('founder@example.com is now an admin.');
    expect(granted.status).toBe(0);
    const again = grant(dataDir, 'founder@example.com', 'nobody@example.com');
    expect(again.stdout).toContain('was already an admin');
    expect(again.stderr).toContain('No account with the e-mail nobody@example.com');
    expect(again.status).toBe(1);

    const second = await startServerProcess({ dataDir });
    const signIn = await send(second, '/api/auth/sign-in/email', {
      method: 'POST',
      json: { email: 'founder@example.com', password: 'correct horse battery' },
    });
    const cookie = sessionCookie(signIn);
    expect(((await (await send(second, '/api/me', { cookie })).json()) as { role: string }).role).toBe('admin');
    expect((await send(second, '/api/admin/overview', { cookie })).status).toBe(200);
  });
});
