/**
 * `npm start`: builds the web client when it is missing or older than its sources,
 * then starts the server. One command on a fresh machine.
 */
import { restartWithMallocSettings } from '../src/server/platform/process-memory.ts';
import { buildIfStale } from './lib/build-if-stale.ts';

// The server's entry point would replace this process with glibc's malloc settings (decision 312):
// doing it here first spares checking the web client's build twice.
restartWithMallocSettings(process.env);
buildIfStale();
await import('../src/server/main.ts');
