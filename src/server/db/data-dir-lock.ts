import fs from 'node:fs';
import path from 'node:path';

/**
 * PGlite is one process's database: a second server opening the same folder would
 * corrupt it. The lock file holds the owner's pid; a lock whose process is gone
 * (the server was killed) is taken over, a live one makes the second server refuse.
 */
export class DataDirLockedError extends Error {
  override name = 'DataDirLockedError';
  readonly dataDir: string;
  readonly ownerPid: number;
  constructor(dataDir: string, ownerPid: number) {
    super(
      `Another Rumbo server (pid ${ownerPid}) is already using ${dataDir}. ` +
        'The embedded database can be opened by one process only: stop that server, ' +
        'give this one another DATA_DIR, or use PostgreSQL through DATABASE_URL to run several.',
    );
    this.dataDir = dataDir;
    this.ownerPid = ownerPid;
  }
}

export type DataDirLock = { release: () => void };

const LOCK_NAME = 'rumbo.lock';

export function lockDataDir(dataDir: string): DataDirLock {
  fs.mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_NAME);
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      fs.writeFileSync(lockPath, String(process.pid), { flag: 'wx' });
      return {
        release: () => {
          if (readOwner(lockPath) === process.pid) fs.rmSync(lockPath, { force: true });
        },
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      const owner = readOwner(lockPath);
      if (owner !== undefined && owner !== process.pid && isAlive(owner)) {
        throw new DataDirLockedError(dataDir, owner);
      }
      // The owner died without releasing (SIGKILL, power loss): the lock is stale.
      fs.rmSync(lockPath, { force: true });
    }
  }
  throw new Error(`Could not lock ${dataDir}`);
}

function readOwner(lockPath: string): number | undefined {
  try {
    const pid = Number.parseInt(fs.readFileSync(lockPath, 'utf8'), 10);
    return Number.isInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
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
