import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny OpenAI-compatible server on loopback that speaks the chat-completions streaming
 * format, so the real provider code (AI SDK + retrying fetch) runs against a real socket.
 * `script` decides each call's fate in order; the last entry repeats. A `reply` step writes
 * its answer from the request it receives (as a model reads its prompt), e.g. citing the
 * founder's runway found in the system message. A `tools` step calls tools, streamed as a
 * model streams them; a `reply` step can read their results in the request's messages.
 */
export type LoopbackMessage = {
  role: string;
  content: string;
  tool_calls?: { id: string; function: { name: string; arguments: string } }[];
  tool_call_id?: string;
};
export type LoopbackRequest = {
  messages: LoopbackMessage[];
  stream: boolean;
  tools?: { function: { name: string } }[];
  tool_choice?: unknown;
};
export type LoopbackToolCall = { name: string; args: Record<string, unknown> };
export type LoopbackStep =
  | { kind: 'answer'; text: string }
  | { kind: 'reply'; reply: (request: LoopbackRequest) => string }
  | { kind: 'tools'; calls: LoopbackToolCall[] }
  | { kind: 'status'; status: number }
  | { kind: 'hang' }
  | { kind: 'hang-after-first-chunk'; text: string };

export type LoopbackModel = {
  baseUrl: string;
  /** The JSON bodies the server received, in order. */
  requests: LoopbackRequest[];
  /** Replaces the script and forgets earlier requests. */
  reset: (script: LoopbackStep[]) => void;
  close: () => Promise<void>;
};

function chunk(body: object) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-1', object: 'chat.completion.chunk', created: 1, model: 'loopback', ...body })}\n\n`;
}

export async function startLoopbackModel(initialScript: LoopbackStep[] = []): Promise<LoopbackModel> {
  const requests: LoopbackModel['requests'] = [];
  let script = initialScript;
  const sockets = new Set<import('node:net').Socket>();
  let call = 0;
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (data: Buffer) => (raw += data.toString()));
    req.on('end', () => {
      requests.push(JSON.parse(raw));
      const step = script[Math.min(call, script.length - 1)]!;
      call += 1;
      if (step.kind === 'hang') return;
      if (step.kind === 'status') {
        res.writeHead(step.status, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `loopback ${step.status}` } }));
        return;
      }
      const request = requests.at(-1)!;
      if (step.kind === 'tools') {
        res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
        step.calls.forEach((toolCall, index) => {
          const id = `call_${call}_${index}`;
          const args = JSON.stringify(toolCall.args);
          res.write(chunk({ choices: [{ index: 0, delta: { role: 'assistant', tool_calls: [{ index, id, type: 'function', function: { name: toolCall.name, arguments: '' } }] } }] }));
          // The arguments arrive in pieces, as a model streams them.
          for (const piece of [args.slice(0, 5), args.slice(5)]) res.write(chunk({ choices: [{ index: 0, delta: { tool_calls: [{ index, function: { arguments: piece } }] } }] }));
        });
        res.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] }));
        res.end('data: [DONE]\n\n');
        return;
      }
      const text = step.kind === 'reply' ? step.reply(request) : step.text;
      if (!request.stream && step.kind !== 'hang-after-first-chunk') {
        // generateText (analysis, drafts) asks for one JSON completion, not a stream.
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id: 'chatcmpl-1',
            object: 'chat.completion',
            created: 1,
            model: 'loopback',
            choices: [{ index: 0, message: { role: 'assistant', content: text }, finish_reason: 'stop' }],
            usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const words = text.match(/\S+\s*/g) ?? [];
      if (step.kind === 'hang-after-first-chunk') {
        res.write(chunk({ choices: [{ index: 0, delta: { role: 'assistant', content: words[0] ?? '' } }] }));
        return;
      }
      for (const word of words) res.write(chunk({ choices: [{ index: 0, delta: { content: word } }] }));
      res.write(chunk({ choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] }));
      res.write(chunk({ choices: [], usage: { prompt_tokens: 10, completion_tokens: words.length, total_tokens: 10 + words.length } }));
      res.end('data: [DONE]\n\n');
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reset: (next) => {
      script = next;
      call = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}

/** The results of the tools the model called, as the last request carried them back (JSON parsed). */
export function toolResults(request: LoopbackRequest): { id: string; output: unknown }[] {
  return request.messages
    .filter((message) => message.role === 'tool')
    .map((message) => {
      let output: unknown = message.content;
      try {
        output = JSON.parse(message.content);
      } catch {
        // An error the model is told about is plain text.
      }
      return { id: message.tool_call_id ?? '', output };
    });
}

/** Reads an AI SDK UI message stream (SSE) into its chunks. */
export async function readUiStream(response: Response) {
  const text = await response.text();
  const chunks = text
    .split('\n\n')
    .map((event) => event.replace(/^data: /, '').trim())
    .filter((data) => data !== '' && data !== '[DONE]')
    .map((data) => JSON.parse(data) as { type: string; delta?: string; errorText?: string; data?: unknown });
  const answer = chunks.filter((c) => c.type === 'text-delta').map((c) => c.delta).join('');
  const error = chunks.find((c) => c.type === 'error')?.errorText;
  return { chunks, answer, error };
}
