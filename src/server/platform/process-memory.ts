/**
 * What keeps an idle server's resident memory down beyond Node's options (decision 312):
 * glibc's `malloc` told not to keep what the start freed, and one memory-reducing garbage
 * collection once the server listens.
 */

/**
 * glibc raises its `mmap` and trim thresholds each time a large block is freed (up to 32 and
 * 64 MB), after which freed memory stays in the process: compiling PostgreSQL's WebAssembly and
 * the start's large buffers left about 65 MB of free `malloc` memory resident in an idle server,
 * and several hundred MB after traffic. Setting the trim threshold, even to its default of
 * 128 KiB, turns that adjustment off, so large blocks go back to the system when freed.
 */
export const MALLOC_SETTINGS = { MALLOC_TRIM_THRESHOLD_: '131072' } as const;

/**
 * The environment to restart this process with so glibc reads `MALLOC_SETTINGS` (it reads them
 * once, when the process starts), or null when there is nothing to do: not Linux, or the
 * operator already tuned `malloc` (a `MALLOC_…` variable or `GLIBC_TUNABLES`), or this is the restarted
 * process. On another C library (musl) the variables are ignored and the restart costs only time.
 */
export function mallocRestartEnvironment(env: NodeJS.ProcessEnv, platform: NodeJS.Platform): NodeJS.ProcessEnv | null {
  if (platform !== 'linux') return null;
  const tuned = Object.keys(env).some((name) => name.startsWith('MALLOC_') || name === 'GLIBC_TUNABLES');
  if (tuned) return null;
  return { ...env, ...MALLOC_SETTINGS };
}

/**
 * Replaces this process with the same program, Node options and arguments, its environment
 * (`process.env`, handed in by the entry point) plus `MALLOC_SETTINGS`: same process id, so a
 * supervisor or the data folder's lock sees one process. Called first thing by the entry points,
 * before anything is opened; about 0.1 s of CPU.
 */
export function restartWithMallocSettings(processEnv: NodeJS.ProcessEnv): void {
  const env = mallocRestartEnvironment(processEnv, process.platform);
  if (!env || typeof process.execve !== 'function') return;
  process.execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], env);
}

/**
 * One full, memory-reducing collection (V8's "last resort": it compacts the heap and shrinks the
 * young generation) once the start's garbage is garbage. Without it V8's heap kept its start-time
 * size, 20–40 MB more, until traffic made it collect: its memory reducer waits for a low
 * allocation rate and an idle server rarely qualifies. Needs Node's `--expose-gc` (in
 * `npm start` and the spawned servers' options); without it, nothing happens.
 */
export function releaseStartupMemory(): void {
  globalThis.gc?.({ type: 'major', execution: 'sync', flavor: 'last-resort' });
}
