import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir } from '../../../src/server/db/data-dir-lock.ts';

const dirs: string[] = [];
function tempDir() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-lock-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

describe('lockDataDir', () => {
  it('refuses a folder held by a live process, naming it and the way out', () => {
    const dir = tempDir();
    // Our parent process is alive for the whole test: it stands for "another server".
    fs.writeFileSync(path.join(dir, 'rumbo.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirLockedError);
    expect(() => lockDataDir(dir)).toThrow(/Another Rumbo server .* DATABASE_URL/);
  });

  it('takes over the lock of a process that died without releasing it', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    fs.writeFileSync(path.join(dir, 'rumbo.lock'), String(dead.pid));
    const lock = lockDataDir(dir);
    expect(fs.readFileSync(path.join(dir, 'rumbo.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    expect(fs.existsSync(path.join(dir, 'rumbo.lock'))).toBe(false);
  });

  it('creates the folder when it does not exist', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const lock = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, 'rumbo.lock'))).toBe(true);
    lock.release();
  });
});
