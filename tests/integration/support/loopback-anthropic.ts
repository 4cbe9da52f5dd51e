import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A tiny server on loopback that speaks Anthropic's Messages API (POST /v1/messages,
 * streamed as server-sent events), so the real Anthropic provider code runs against a
 * real socket: the paid API itself cannot be reached from here. Each call takes the
 * next status from `statuses` (200 answers with `text`). With `tools`, the first calls
 * use tools (one `tool_use` block per call, its input streamed in pieces), then `text`.
 */
export type AnthropicToolUse = { name: string; input: Record<string, unknown> };
export type LoopbackAnthropic = {
  baseUrl: string;
  requests: {
    headers: http.IncomingHttpHeaders;
    body: { model: string; system?: unknown; messages: { role: string; content: unknown }[]; stream?: boolean; tools?: { name: string }[]; tool_choice?: unknown };
  }[];
  reset: (script: { statuses?: number[]; text: string; tools?: AnthropicToolUse[][] }) => void;
  close: () => Promise<void>;
};

const event = (type: string, data: object) => `event: ${type}\ndata: ${JSON.stringify({ type, ...data })}\n\n`;

export async function startLoopbackAnthropic(): Promise<LoopbackAnthropic> {
  const requests: LoopbackAnthropic['requests'] = [];
  let script: { statuses: number[]; text: string; tools: AnthropicToolUse[][] } = { statuses: [], text: '', tools: [] };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (data: Buffer) => (raw += data.toString()));
    req.on('end', () => {
      requests.push({ headers: req.headers, body: JSON.parse(raw) });
      const status = script.statuses.shift() ?? 200;
      if (req.url !== '/v1/messages' || status !== 200) {
        res.writeHead(req.url === '/v1/messages' ? status : 404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ type: 'error', error: { type: 'overloaded_error', message: `loopback ${status}` } }));
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      res.write(event('message_start', { message: { id: 'msg_1', type: 'message', role: 'assistant', model: 'loopback-claude', content: [], stop_reason: null, usage: { input_tokens: 10, output_tokens: 1 } } }));
      const uses = script.tools.shift();
      if (uses) {
        uses.forEach((use, index) => {
          const json = JSON.stringify(use.input);
          res.write(event('content_block_start', { index, content_block: { type: 'tool_use', id: `toolu_${requests.length}_${index}`, name: use.name, input: {} } }));
          for (const piece of [json.slice(0, 4), json.slice(4)]) res.write(event('content_block_delta', { index, delta: { type: 'input_json_delta', partial_json: piece } }));
          res.write(event('content_block_stop', { index }));
        });
        res.write(event('message_delta', { delta: { stop_reason: 'tool_use', stop_sequence: null }, usage: { output_tokens: 5 } }));
        res.end(event('message_stop', {}));
        return;
      }
      res.write(event('content_block_start', { index: 0, content_block: { type: 'text', text: '' } }));
      for (const word of script.text.split(/(?<= )/)) res.write(event('content_block_delta', { index: 0, delta: { type: 'text_delta', text: word } }));
      res.write(event('content_block_stop', { index: 0 }));
      res.write(event('message_delta', { delta: { stop_reason: 'end_turn', stop_sequence: null }, usage: { output_tokens: 5 } }));
      res.end(event('message_stop', {}));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    reset: ({ statuses = [], text, tools = [] }) => {
      script = { statuses: [...statuses], text, tools: [...tools] };
      requests.length = 0;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
