import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * PGlite is one process's database: a second server opening the same folder would
 * corrupt it. The lock file holds the owner as `pid@hostname`; a lock whose process
 * is gone (the server was killed) is taken over, a live one makes the second server
 * refuse. A lock written on another host (a DATA_DIR shared between containers or
 * machines) cannot be checked from here, so it is always respected.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  readonly dataDir: string;
  readonly ownerPid: number;
  constructor(dataDir: string, owner: LockOwner) {
    const where = owner.host === os.hostname() ? '' : ` on host ${owner.host}`;
    super(
      `Another Rumbo server (pid ${owner.pid}${where}) is already using ${dataDir}. ` +
        'The embedded database can be opened by one process only: stop that server, ' +
        'give this one another DATA_DIR, or use PostgreSQL through DATABASE_URL to run several. ' +
        `If that server is truly gone, delete ${path.join(dataDir, LOCK_NAME)}.`,
    );
    this.dataDir = dataDir;
    this.ownerPid = owner.pid;
  }
}

export type DataDirLock = { release: () => void };
type LockOwner = { pid: number; host: string };

const LOCK_NAME = 'rumbo.lock';
/** Held only while a stale lock is removed, so two starting servers cannot both take it over. */
const TAKEOVER_NAME = 'rumbo.lock.takeover';
/** A takeover file older than this was left by a process that died mid-takeover. */
const TAKEOVER_STALE_MS = 10_000;
const ATTEMPTS = 50;

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  const me: LockOwner = { pid: process.pid, host: os.hostname() };
  for (let attempt = 0; attempt < ATTEMPTS; attempt++) {
    try {
      createWithContent(lockPath, `${me.pid}@${me.host}`);
      return {
        release: () => {
          const owner = readOwner(lockPath);
          if (owner?.pid === me.pid && owner.host === me.host) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner && isHeld(owner, me)) throw new DataDirLockedError(dataDir, owner);
      // The owner died without releasing (SIGKILL, power loss): the lock is stale.
      removeStaleLock(dataDir, lockPath, owner);
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

/**
 * Removes the stale lock under a takeover mutex, and only if it still names the dead
 * owner we saw: another server may have taken it over and written its own meanwhile.
 */
function removeStaleLock(dataDir: string, lockPath: string, staleOwner: LockOwner | undefined) {
  const takeoverPath = path.join(dataDir, TAKEOVER_NAME);
  try {
    fs.writeFileSync(takeoverPath, String(process.pid), { flag: 'wx' });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const age = Date.now() - (statMtime(takeoverPath) ?? Date.now());
    if (age > TAKEOVER_STALE_MS) fs.rmSync(takeoverPath, { force: true });
    else pause(20);
    return;
  }
  try {
    const current = readOwner(lockPath);
    const stillTheDeadOwner = staleOwner && current?.pid === staleOwner.pid && current.host === staleOwner.host;
    // A lock without a readable owner is garbage (a lock is never seen empty, see
    // createWithContent); it is removed only once old, so a vanished file is never confused with it.
    const oldGarbage = !staleOwner && !current && Date.now() - (statMtime(lockPath) ?? Date.now()) > TAKEOVER_STALE_MS;
    if (stillTheDeadOwner || oldGarbage) fs.rmSync(lockPath, { force: true });
    else pause(20);
  } finally {
    fs.rmSync(takeoverPath, { force: true });
  }
}

/**
 * Creates `file` holding `content`, failing with EEXIST if it exists. Written aside and
 * hard-linked into place, so no other process can ever read it empty: an empty lock
 * read mid-write looked ownerless and let two servers both take it over.
 */
function createWithContent(file: string, content: string) {
  const draft = `${file}.${process.pid}.${Date.now()}`;
  fs.writeFileSync(draft, content);
  try {
    fs.linkSync(draft, file);
  } finally {
    fs.rmSync(draft, { force: true });
  }
}

function isHeld(owner: LockOwner, me: LockOwner) {
  if (owner.host !== me.host) return true;
  return owner.pid !== me.pid && isAlive(owner.pid);
}

/** Reads `pid@host`; a bare pid (older lock files) is taken to be on this host. */
function readOwner(lockPath: string): LockOwner | undefined {
  try {
    const [pidText = '', host = os.hostname()] = fs.readFileSync(lockPath, 'utf8').trim().split('@');
    const pid = Number.parseInt(pidText, 10);
    return Number.isInteger(pid) && pid > 0 ? { pid, host } : undefined;
  } catch {
    return undefined;
  }
}

function statMtime(file: string) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function pause(ms: number) {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
