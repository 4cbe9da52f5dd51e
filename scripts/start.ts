/**
 * `npm start`: builds the web client when it is missing or older than its sources,
 * then starts the server. One command on a fresh machine.
 */
import { buildIfStale } from './lib/build-if-stale.ts';

buildIfStale();
await import('../src/server/main.ts');
