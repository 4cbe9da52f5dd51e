import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { spawnServerProcess } from '../../scripts/lib/server-process.ts';

/**
 * The soak's own server (bench/soak.ts): the real server as a child process on the embedded
 * database, so its RSS is its own, with heap snapshots on SIGUSR2 when asked for, and the
 * Prometheus text (`GET /metrics`) open to the soak for the V8 heap and external memory.
 */
export function makeDataDirIn(parent: string): string {
  return fs.mkdtempSync(path.join(parent, 'rumbo-soak-'));
}

/** A process's resident memory in MB (Linux `/proc`, else `ps`), or null once it is gone. */
export function residentMemoryMb(pid: number): number | null {
  try {
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1]);
    return Math.round(kb / 1024);
  } catch {
    try {
      return Math.round(Number(execFileSync('ps', ['-o', 'rss=', '-p', String(pid)], { encoding: 'utf8' }).trim()) / 1024) || null;
    } catch {
      return null;
    }
  }
}

/**
 * Where a process's resident memory is, in MB (Linux): `malloc` is glibc's main heap (memory
 * native code allocates: V8's compilers, Node's internals), `anonymous` every private page
 * (the V8 heap, WebAssembly memory, `malloc` included). Null elsewhere or once it is gone.
 */
export function memoryBreakdownMb(pid: number): { malloc: number; anonymous: number } | null {
  try {
    const smaps = fs.readFileSync(`/proc/${pid}/smaps`, 'utf8');
    const heap = /\[heap\]\n(?:.*\n)*?Rss:\s+(\d+) kB/.exec(smaps);
    const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
    return { malloc: Math.round(Number(heap?.[1] ?? 0) / 1024), anonymous: Math.round(Number(/RssAnon:\s+(\d+)/.exec(status)?.[1]) / 1024) };
  } catch {
    return null;
  }
}

export async function startOwnServer(options: { dataDir: string; heapSnapshotsDir?: string; nodeOptions?: string[] }) {
  const metricsToken = randomBytes(16).toString('hex');
  if (options.heapSnapshotsDir) fs.mkdirSync(options.heapSnapshotsDir, { recursive: true });
  const server = await spawnServerProcess({
    dataDir: options.dataDir,
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_SCALE: '1000', METRICS_TOKEN: metricsToken, CLIENT_DIR: path.join(options.dataDir, 'no-client') },
    nodeArgs: [...(options.heapSnapshotsDir ? ['--heapsnapshot-signal=SIGUSR2', `--diagnostic-dir=${path.resolve(options.heapSnapshotsDir)}`] : []), ...(options.nodeOptions ?? [])],
  });
  // Never left running: the soak may stop on an error (a refused set-up request, a server too slow to start).
  process.once('exit', () => server.kill('SIGKILL'));
  // A first start creates the database: minutes on a loaded machine.
  await server.waitUntilHealthy(600_000);

  /** The V8 heap in use and the memory outside it (buffers, WebAssembly), in MB, from the server's own telemetry. */
  const heap = async () => {
    const text = await (await fetch(`${server.url}/metrics`, { headers: { authorization: `Bearer ${metricsToken}` } })).text();
    const value = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(text)?.[1] ?? 0) / 1024 / 1024);
    return { heapUsedMb: value('nodejs_heap_size_used_bytes'), externalMb: value('nodejs_external_memory_bytes') };
  };

  /** Writes a heap snapshot (the server pauses while it does) and names its file. */
  const heapSnapshot = async (label: string) => {
    const dir = options.heapSnapshotsDir!;
    const before = new Set(fs.readdirSync(dir));
    server.kill('SIGUSR2');
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 500));
      const written = fs.readdirSync(dir).find((file) => !before.has(file) && file.endsWith('.heapsnapshot'));
      if (!written) continue;
      // Done once the server answers again (it writes the snapshot on its main thread).
      const answered = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(60_000) }).then((response) => response.ok, () => false);
      if (!answered) continue;
      const megabytes = (fs.statSync(path.join(dir, written)).size / 1024 / 1024).toFixed(0);
      console.log(`Heap snapshot ${label}: ${path.join(dir, written)} (${megabytes} MB), RSS ${residentMemoryMb(server.pid)} MB`);
      return;
    }
  };

  return { url: server.url, appUrl: server.appUrl, pid: server.pid, dataDir: options.dataDir, heap, heapSnapshot, stop: server.stop };
}
