import os from 'node:os';
import { Worker } from 'node:worker_threads';
import type { FileTextJob, FileTextResult } from './file-text.ts';

export type { Extracted, FileTextResult, TextNote } from './file-text.ts';

/**
 * Text for the mentor from an uploaded file (decision 104). PDFs and CSVs are read
 * off the request path in worker threads, at most FILE_TEXT_WORKERS files at a time (the
 * others wait their turn), so the server keeps answering while 10 MB files are read. A
 * worker that outlives the time limit is stopped and the file is kept without text, marked
 * 'timed-out'; one that fails (out of memory, say) marks it 'unreadable'. Workers that
 * finish are kept for the next file: starting one costs more than most files.
 */
/** Two at the most, and a core left for the event loop (one worker on a 2-core machine). */
export const FILE_TEXT_WORKERS = Math.max(1, Math.min(2, os.availableParallelism() - 1));
export const FILE_TEXT_TIME_LIMIT_MS = 5_000;
/** The worker's JavaScript heap; PDF streams are measured before pdf.js inflates them (pdf-inflation.ts). */
const WORKER_HEAP_MB = 256;
const WORKER_FILE = new URL('./extract-worker.ts', import.meta.url);

export type ExtractOptions = { timeLimitMs?: number };

let busy = 0;
const waiting: (() => void)[] = [];
const idle: Worker[] = [];

async function inTurn<T>(run: () => Promise<T>): Promise<T> {
  if (busy >= FILE_TEXT_WORKERS) await new Promise<void>((resolve) => waiting.push(resolve));
  else busy += 1;
  try {
    return await run();
  } finally {
    // The turn passes straight to the next file waiting, or is freed.
    const next = waiting.shift();
    if (next) next();
    else busy -= 1;
  }
}

/** The file's text, or why there is none; `keep` when the worker is fit for another file. */
function readWith(worker: Worker, job: FileTextJob, timeLimitMs: number): Promise<{ result: FileTextResult; keep: boolean }> {
  return new Promise((resolve) => {
    const finish = (result: FileTextResult, keep: boolean) => {
      clearTimeout(timer);
      worker.off('message', done).off('error', failed).off('exit', failed);
      resolve({ result, keep });
    };
    const done = (result: FileTextResult) => finish(result, true);
    const failed = () => finish({ text: null, note: 'unreadable' }, false);
    const timer = setTimeout(() => finish({ text: null, note: 'timed-out' }, false), timeLimitMs);
    worker.on('message', done).on('error', failed).on('exit', failed);
    worker.postMessage(job);
  });
}

function startWorker() {
  const worker = new Worker(WORKER_FILE, { resourceLimits: { maxOldGenerationSizeMb: WORKER_HEAP_MB } });
  // A worker that ends while idle is not handed another file.
  worker.once('exit', () => idle.includes(worker) && idle.splice(idle.indexOf(worker), 1));
  return worker;
}

async function inWorker(job: FileTextJob, timeLimitMs: number): Promise<FileTextResult> {
  const worker = idle.pop() ?? startWorker();
  worker.ref();
  const { result, keep } = await readWith(worker, job, timeLimitMs);
  if (keep) {
    // An idle worker never keeps the process alive.
    worker.unref();
    idle.push(worker);
  } else {
    // Gone before the turn ends, so no more than FILE_TEXT_WORKERS ever run.
    await worker.terminate();
  }
  return result;
}

export async function extractFileText(file: { mediaType: string; isCsv: boolean; bytes: Uint8Array }, options: ExtractOptions = {}): Promise<FileTextResult> {
  const kind = file.mediaType === 'application/pdf' ? 'pdf' : file.isCsv ? 'csv' : null;
  if (!kind) return { text: null };
  return inTurn(() => inWorker({ kind, bytes: file.bytes }, options.timeLimitMs ?? FILE_TEXT_TIME_LIMIT_MS));
}
