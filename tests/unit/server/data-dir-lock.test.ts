import { spawn, spawnSync } from 'node:child_process';
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
    expect(fs.readFileSync(path.join(dir, 'rumbo.lock'), 'utf8')).toBe(`${process.pid}@${os.hostname()}`);
    lock.release();
    expect(fs.existsSync(path.join(dir, 'rumbo.lock'))).toBe(false);
  });

  it('respects a lock written on another host, whose process it cannot check', () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    fs.writeFileSync(path.join(dir, 'rumbo.lock'), `${dead.pid}@another-container`);
    expect(() => lockDataDir(dir)).toThrow(/on host another-container/);
  });

  it('lets exactly one of many servers starting at once take over a stale lock', async () => {
    const dir = tempDir();
    const dead = spawnSync(process.execPath, ['-e', 'process.exit(0)']);
    fs.writeFileSync(path.join(dir, 'rumbo.lock'), String(dead.pid));
    const lockModule = path.resolve('src/server/db/data-dir-lock.ts');
    // Every contender loads, then spins until the same instant before it reaches for the
    // lock (so they really collide), prints whether it won, and holds on until all have
    // answered (a winner that exited would leave a stale lock for a latecomer to take).
    const startAt = Date.now() + 1500;
    const script = `
      const { lockDataDir } = await import(${JSON.stringify(lockModule)});
      while (Date.now() < ${startAt});
      try { lockDataDir(${JSON.stringify(dir)}); console.log('won'); } catch { console.log('refused'); }
      process.stdin.resume();
      process.stdin.on('end', () => process.exit(0));`;
    const contenders = Array.from({ length: 6 }, () => spawnContender(script));
    const outcomes = await Promise.all(contenders.map((contender) => contender.answer));
    for (const contender of contenders) contender.finish();
    expect(outcomes.filter((outcome) => outcome === 'won')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'refused')).toHaveLength(5);
  });

  it('creates the folder when it does not exist', () => {
    const dir = path.join(tempDir(), 'nested', 'data');
    const lock = lockDataDir(dir);
    expect(fs.existsSync(path.join(dir, 'rumbo.lock'))).toBe(true);
    lock.release();
  });
});

/** A child process running `script`; `answer` is its first line, `finish` lets it exit. */
function spawnContender(script: string) {
  const child = spawn(process.execPath, ['--input-type=module', '-e', script]);
  const answer = new Promise<string>((resolve, reject) => {
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('\n')) resolve(output.trim());
    });
    child.on('error', reject);
    child.on('exit', () => resolve(output.trim()));
  });
  return { answer, finish: () => child.stdin.end() };
}
