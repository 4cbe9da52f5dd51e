/**
 * The server Playwright tests run against: the real build and the real server, on a
 * fresh embedded database each run (E2E_DATA_DIR), so tests never see old accounts.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfStale } from './lib/build-if-stale.ts';

buildIfStale();
// Playwright names it (tests read the outbox in it); run by hand, a fresh one.
const dataDir = process.env.E2E_DATA_DIR ?? fs.mkdtempSync(path.join(os.tmpdir(), 'rumbo-e2e-'));
fs.mkdirSync(dataDir, { recursive: true });
process.env.DATA_DIR = dataDir;
process.on('exit', () => fs.rmSync(dataDir, { recursive: true, force: true }));
await import('../src/server/main.ts');
