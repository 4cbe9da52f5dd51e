import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MALLOC_SETTINGS, mallocRestartEnvironment } from '../../../src/server/platform/process-memory.ts';

const moduleUrl = new URL('../../../src/server/platform/process-memory.ts', import.meta.url).href;

describe("the server's malloc settings (decision 312)", () => {
  it('restart a Linux process with the trim threshold set, keeping the rest of its environment', () => {
    const env = mallocRestartEnvironment({ PORT: '3000', PATH: '/usr/bin' }, 'linux');
    expect(env).toEqual({ PORT: '3000', PATH: '/usr/bin', MALLOC_TRIM_THRESHOLD_: '131072' });
  });

  it('leave a process alone once it runs with them, so it restarts only once', () => {
    expect(mallocRestartEnvironment({ PORT: '3000', ...MALLOC_SETTINGS }, 'linux')).toBeNull();
  });

  it("leave an operator's own malloc tuning alone", () => {
    expect(mallocRestartEnvironment({ GLIBC_TUNABLES: 'glibc.malloc.arena_max=2' }, 'linux')).toBeNull();
    expect(mallocRestartEnvironment({ MALLOC_ARENA_MAX: '2' }, 'linux')).toBeNull();
  });

  it('are not applied off Linux', () => {
    expect(mallocRestartEnvironment({}, 'darwin')).toBeNull();
    expect(mallocRestartEnvironment({}, 'win32')).toBeNull();
  });

  it.runIf(process.platform === 'linux')('take effect by replacing the process: same id, same Node options and arguments, the variable set', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-malloc-'));
    try {
      const entry = path.join(dir, 'entry.mjs');
      fs.writeFileSync(
        entry,
        [
          `import { restartWithMallocSettings } from ${JSON.stringify(moduleUrl)};`,
          `if (!process.env.MALLOC_TRIM_THRESHOLD_) console.log('first ' + process.pid);`,
          'restartWithMallocSettings(process.env);',
          `console.log('then ' + process.pid + ' ' + process.env.MALLOC_TRIM_THRESHOLD_ + ' ' + process.execArgv.join(',') + ' ' + process.argv.slice(2).join(','));`,
        ].join('\n'),
      );
      const env = { ...process.env };
      for (const name of Object.keys(env)) if (name.startsWith('MALLOC_') || name === 'GLIBC_TUNABLES') delete env[name];
      const run = spawnSync(process.execPath, ['--max-semi-space-size=8', entry, 'a', 'b'], { env, encoding: 'utf8' });
      expect(run.stderr).toBe('');
      const [first, then] = run.stdout.trim().split('\n');
      const pid = first!.split(' ')[1];
      expect(then).toBe(`then ${pid} 131072 --max-semi-space-size=8 a,b`);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
