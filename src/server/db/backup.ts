import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import * as tar from 'tar';

/**
 * A backup of the embedded installation (docs/decisions/238-embedded-backups.md): one
 * gzipped tar holding PGlite's own dump of its data folder (consistent: PGlite runs one
 * statement at a time, and the dump is taken between two), every upload, the auth secret,
 * and a manifest with each file's SHA-256 so a restore can prove it put back every byte.
 * PostgreSQL installations use pg_dump and their object store's copy instead (docs/operations.md).
 */
export const BACKUP_FORMAT = 1;
const MANIFEST = 'rumbo-backup.json';
const DATABASE_DUMP = 'pglite.tar.gz';
/** What of DATA_DIR a backup carries besides the database: the outbox and the lock are not data. */
const CARRIED = ['uploads', 'auth-secret'] as const;

export type BackupManifest = {
  format: typeof BACKUP_FORMAT;
  createdAt: string;
  database: { file: string; sha256: string; bytes: number };
  files: { path: string; sha256: string; bytes: number }[];
};

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

function filesUnder(root: string, entry: string): string[] {
  const full = path.join(root, entry);
  const stat = fs.statSync(full, { throwIfNoEntry: false });
  if (!stat) return [];
  if (!stat.isDirectory()) return [entry];
  return fs.readdirSync(full).flatMap((child) => filesUnder(root, path.join(entry, child)));
}

/**
 * Writes a backup of `dataDir` as a stream of tar.gz bytes. `dumpDatabase` is PGlite's
 * `dumpDataDir('gzip')` of the open database: the server's own, or the script's when no
 * server runs. The dump and the manifest are staged in a folder of their own inside
 * `dataDir` (removed afterwards), so the archive is built from files on one disk.
 */
export async function writeBackup(dataDir: string, dumpDatabase: () => Promise<Blob>, output: NodeJS.WritableStream): Promise<BackupManifest> {
  const staging = `.backup-${randomBytes(6).toString('hex')}`;
  const stagingDir = path.join(dataDir, staging);
  fs.mkdirSync(stagingDir, { recursive: true });
  try {
    const dump = new Uint8Array(await (await dumpDatabase()).arrayBuffer());
    fs.writeFileSync(path.join(stagingDir, DATABASE_DUMP), dump);
    const carried = CARRIED.flatMap((entry) => filesUnder(dataDir, entry));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      createdAt: new Date().toISOString(),
      database: { file: DATABASE_DUMP, sha256: sha256(dump), bytes: dump.byteLength },
      files: carried.map((file) => {
        const bytes = fs.readFileSync(path.join(dataDir, file));
        return { path: file.split(path.sep).join('/'), sha256: sha256(bytes), bytes: bytes.byteLength };
      }),
    };
    fs.writeFileSync(path.join(stagingDir, MANIFEST), JSON.stringify(manifest, null, 2));
    // The manifest first, so a reader learns what to expect before the data.
    const entries = [path.join(staging, MANIFEST), path.join(staging, DATABASE_DUMP), ...carried];
    await pipeline(Readable.from(tar.create({ gzip: true, cwd: dataDir, portable: true }, entries)), output);
    return manifest;
  } finally {
    fs.rmSync(stagingDir, { recursive: true, force: true });
  }
}

export class RestoreError extends Error {
  override name = 'RestoreError';
}

export type RestoredBackup = { manifest: BackupManifest; databaseDump: Blob };

/**
 * Unpacks a backup into `dataDir`, which must hold no data yet (a restore never merges
 * into a live installation), and checks every file against the manifest. Returns the
 * database dump for the caller to load into PGlite (`loadDataDir`).
 */
export async function unpackBackup(file: string, dataDir: string): Promise<RestoredBackup> {
  const present = fs.existsSync(dataDir) ? fs.readdirSync(dataDir).filter((name) => name !== 'outbox') : [];
  if (present.length > 0) throw new RestoreError(`${dataDir} is not empty (${present.slice(0, 3).join(', ')}): restore into a new, empty DATA_DIR.`);
  fs.mkdirSync(dataDir, { recursive: true });
  try {
    await tar.extract({ file, cwd: dataDir, strict: true });
  } catch (error) {
    throw new RestoreError(`${file} is not a Rumbo backup: ${(error as Error).message}`);
  }
  const staged = fs.readdirSync(dataDir).filter((name) => name.startsWith('.backup-'));
  const manifestPath = staged.length === 1 ? path.join(dataDir, staged[0]!, MANIFEST) : undefined;
  if (!manifestPath || !fs.existsSync(manifestPath)) throw new RestoreError(`${file} is not a Rumbo backup: it has no ${MANIFEST}.`);
  const stagingDir = path.dirname(manifestPath);
  try {
    const manifest = JSON.parse(fs.readFileSync(manifestPath, 'utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new RestoreError(`${file} is a backup of format ${manifest.format}; this version reads format ${BACKUP_FORMAT}.`);
    const dump = fs.readFileSync(path.join(stagingDir, manifest.database.file));
    if (sha256(dump) !== manifest.database.sha256) throw new RestoreError('The database dump in the backup is damaged (its SHA-256 differs from the manifest).');
    for (const entry of manifest.files) {
      const restored = fs.readFileSync(path.join(dataDir, entry.path), { flag: 'r' });
      if (sha256(restored) !== entry.sha256) throw new RestoreError(`${entry.path} in the backup is damaged (its SHA-256 differs from the manifest).`);
    }
    return { manifest, databaseDump: new Blob([dump]) };
  } finally {
    fs.rmSync(stagingDir, { recursive: true, force: true });
  }
}

/** A backup as a readable stream (the server's backup socket answers with it); `onDone` hears how it ended. */
export function backupStream(dataDir: string, dumpDatabase: () => Promise<Blob>, onDone: (error?: unknown) => void): Readable {
  const stream = new PassThrough();
  writeBackup(dataDir, dumpDatabase, stream).then(
    () => onDone(),
    (error: unknown) => {
      stream.destroy(error as Error);
      onDone(error);
    },
  );
  return stream;
}
