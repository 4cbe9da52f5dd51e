import { parentPort } from 'node:worker_threads';
import { type FileTextJob, readFileText } from './file-text.ts';

/** Reads files' text one at a time for extract-text.ts, which stops this worker when one takes too long. */
parentPort!.on('message', async (job: FileTextJob) => parentPort!.postMessage(await readFileText(job)));
