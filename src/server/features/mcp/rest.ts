import { McpError } from '@modelcontextprotocol/sdk/types.js';
import { type FieldProblem, invalidParams, REFUSED } from './tool-errors.ts';

/**
 * A tool's way into the founder's data: the REST route itself, called in-process with the
 * same bearer (decision 276). The tool therefore gets exactly what a script gets: the same
 * validation, ownership, scopes, tier rules and per-token limits, with nothing to keep in step.
 */
export type Rest = {
  json: <T>(method: string, path: string, body?: unknown) => Promise<T>;
  /** The raw answer, for the mentor's stream. */
  send: (method: string, path: string, body?: unknown) => Promise<Response>;
};

type ErrorBody = { error?: { code?: string; message?: string; details?: { field?: string; message?: string }[] } };

export function restFor(call: (request: Request) => Promise<Response>, origin: string, headers: Headers): Rest {
  const send = (method: string, path: string, body?: unknown) => {
    const outgoing = new Headers({ authorization: headers.get('authorization') ?? '', 'user-agent': headers.get('user-agent') ?? 'mcp' });
    if (body !== undefined) outgoing.set('content-type', 'application/json');
    return call(new Request(new URL(path, origin), { method, headers: outgoing, body: body === undefined ? undefined : JSON.stringify(body) }));
  };
  return {
    send,
    json: async <T>(method: string, path: string, body?: unknown) => {
      const response = await send(method, path, body);
      if (!response.ok) throw await refusal(response);
      return (response.status === 204 ? null : await response.json()) as T;
    },
  };
}

/** A REST refusal as a JSON-RPC error: a 400 names its fields (invalid params); the rest carry their code. */
export async function refusal(response: Response): Promise<McpError> {
  const body = ((await response.json().catch(() => ({}))) ?? {}) as ErrorBody;
  const code = body.error?.code ?? 'INTERNAL';
  const message = body.error?.message ?? 'An error occurred. Please try again.';
  if (response.status === 400 && Array.isArray(body.error?.details)) {
    return invalidParams(body.error.details.map((detail): FieldProblem => ({ field: detail.field ?? 'arguments', message: detail.message ?? message })));
  }
  const retryAfter = response.headers.get('retry-after');
  return new McpError(REFUSED, `${code}: ${message}`, { code, status: response.status, ...(retryAfter ? { retryAfterSeconds: Number(retryAfter) } : {}) });
}
