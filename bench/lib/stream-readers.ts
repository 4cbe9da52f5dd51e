/**
 * The open streams of `bench/community-fanout.ts`, read in a worker thread of their own
 * (decision 235): the thread that posts and the server's process never wait for the readers,
 * and each event costs the readers little, so what the latencies show is the server's
 * delivery. Node's http client hands each socket read to one `data` listener: about 10 ms of
 * CPU for the thousand reads of one post, where fetch's web streams (a byte stream, a text
 * decoder and a reader per stream) took the posting thread about 25 ms, in series.
 *
 * The main thread sends `open` (how many streams, and where) and then `collect` for each
 * posted id; the worker answers `opened`, and `collected` with every stream's arrival time of
 * that id once all have it or 30 s have passed, then stops recording it. Times are
 * `performance.timeOrigin + performance.now()`, comparable between threads.
 */
import http from 'node:http';
import { isMainThread, parentPort, Worker } from 'node:worker_threads';

export type ReadersRequest =
  | { type: 'open'; url: string; headers: Record<string, string>; count: number }
  | { type: 'collect'; id: number; expected: number }
  | { type: 'close' };
export type ReadersAnswer =
  | { type: 'opened' }
  | { type: 'failed'; message: string }
  | { type: 'collected'; id: number; times: number[]; cpuMs: number };

const COLLECT_TIMEOUT_MS = 30_000;
const MESSAGE_ID = /\nid: (\d+)$/;

/** Now, on a clock every thread of the process shares (ms). */
export const sharedNow = () => performance.timeOrigin + performance.now();

/** The worker's side. */
function serve(port: NonNullable<typeof parentPort>) {
  const agent = new http.Agent({ keepAlive: false, maxSockets: Infinity });
  const requests: http.ClientRequest[] = [];
  const arrivals = new Map<number, number[]>();
  const waiting = new Map<number, { expected: number; deadline: NodeJS.Timeout }>();
  let cpuAtLastCollect = process.threadCpuUsage();

  const answer = (message: ReadersAnswer) => port.postMessage(message);
  const collected = (id: number) => {
    const wait = waiting.get(id);
    if (!wait) return;
    clearTimeout(wait.deadline);
    waiting.delete(id);
    const cpu = process.threadCpuUsage(cpuAtLastCollect);
    cpuAtLastCollect = process.threadCpuUsage();
    answer({ type: 'collected', id, times: arrivals.get(id) ?? [], cpuMs: (cpu.user + cpu.system) / 1000 });
    arrivals.delete(id);
  };
  const arrived = (id: number, at: number) => {
    let times = arrivals.get(id);
    if (!times) arrivals.set(id, (times = []));
    times.push(at);
    if (times.length === waiting.get(id)?.expected) collected(id);
  };

  /** One stream; settles once its `ready` arrives (catch-up written). */
  const openOne = (url: string, headers: Record<string, string>) =>
    new Promise<void>((resolve, reject) => {
      const request = http.get(url, { headers, agent }, (response) => {
        if (response.statusCode !== 200) {
          reject(new Error(`stream answered ${response.statusCode}`));
          response.resume();
          return;
        }
        response.setEncoding('utf8');
        let buffer = '';
        response.on('data', (text: string) => {
          const at = sharedNow();
          buffer += text;
          let end: number;
          while ((end = buffer.indexOf('\n\n')) >= 0) {
            const block = buffer.slice(0, end);
            buffer = buffer.slice(end + 2);
            if (block.startsWith('event: message')) {
              const id = MESSAGE_ID.exec(block)?.[1];
              if (id) arrived(Number(id), at);
            } else if (block.startsWith('event: ready')) resolve();
          }
        });
        response.on('error', () => undefined);
      });
      request.on('error', reject);
      requests.push(request);
    });

  port.on('message', (message: ReadersRequest) => {
    if (message.type === 'open') {
      Promise.all(Array.from({ length: message.count }, () => openOne(message.url, message.headers))).then(
        () => {
          cpuAtLastCollect = process.threadCpuUsage();
          answer({ type: 'opened' });
        },
        (error: Error) => answer({ type: 'failed', message: error.message }),
      );
    } else if (message.type === 'collect') {
      waiting.set(message.id, { expected: message.expected, deadline: setTimeout(() => collected(message.id), COLLECT_TIMEOUT_MS) });
      if ((arrivals.get(message.id)?.length ?? 0) >= message.expected) collected(message.id);
    } else {
      for (const request of requests) request.destroy();
      port.close();
    }
  });
}

if (!isMainThread && parentPort) serve(parentPort);

/** The main thread's side: `count` streams of `url` opened in a worker, until `close`. */
export async function openReaders(url: string, headers: Record<string, string>, count: number) {
  const worker = new Worker(new URL(import.meta.url));
  const next = () =>
    new Promise<ReadersAnswer>((resolve, reject) => {
      const failed = (error: Error) => reject(error);
      worker.once('error', failed);
      worker.once('message', (answer: ReadersAnswer) => {
        worker.off('error', failed);
        resolve(answer);
      });
    });
  const send = (message: ReadersRequest) => worker.postMessage(message);
  send({ type: 'open', url, headers, count });
  const opened = await next();
  if (opened.type === 'failed') {
    await worker.terminate();
    throw new Error(opened.message);
  }
  return {
    /** Every stream's arrival time of message `id` (fewer when some never got it), and the readers' CPU time since the last collect. */
    collect: async (id: number) => {
      send({ type: 'collect', id, expected: count });
      const answer = await next();
      if (answer.type !== 'collected' || answer.id !== id) throw new Error(`unexpected answer from the readers: ${answer.type}`);
      return answer;
    },
    close: async () => {
      send({ type: 'close' });
      await worker.terminate();
    },
  };
}
