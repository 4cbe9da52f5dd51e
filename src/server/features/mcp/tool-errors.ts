import { ErrorCode, McpError } from '@modelcontextprotocol/sdk/types.js';
import type { z } from 'zod';
import { validationText } from '../../../core/validation/english.ts';
import { KEYED, keyedIssues } from '../../../core/validation/issues.ts';

/** One field's problem, as a 400's `details` and an MCP error's `data.details` name it. */
export type FieldProblem = { field: string; message: string };

/** JSON-RPC's code for a refusal that is not about the arguments (403, 404, 409, 429): the server-error range. */
export const REFUSED = -32001;

/**
 * Arguments that do not fit a tool's schema: a JSON-RPC "invalid params" error naming each
 * field, so the assistant can correct the call; nothing was sent on. A number sent as text
 * (`"198.900"`) is told apart: MCP tools take JSON numbers, so no separator can be misread.
 */
export function invalidArguments(error: z.ZodError, input: unknown): McpError {
  const details: FieldProblem[] = keyedIssues(error).map(({ path, key, params }) => {
    const sent = valueAt(input, path);
    const message =
      typeof sent === 'string' && /^[\d\s.,'-]+$/.test(sent.trim())
        ? `must be a number: MCP tools take JSON numbers, not text such as ${JSON.stringify(sent)} (send 198900 or 198.9)`
        : validationText(key, params);
    return { field: path, message };
  });
  return invalidParams(details);
}

export function invalidParams(details: FieldProblem[]): McpError {
  return new McpError(ErrorCode.InvalidParams, `Invalid arguments: ${details.map((detail) => `${detail.field}: ${detail.message}`).join('; ')}`, { details });
}

/** Parses a tool's arguments with its shared schema, or throws the JSON-RPC error. */
export function parseArguments<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input ?? {}, KEYED);
  if (!result.success) throw invalidArguments(result.error, input);
  return result.data;
}

function valueAt(input: unknown, path: string): unknown {
  let node = input;
  for (const part of path.split('.')) node = typeof node === 'object' && node !== null ? (node as Record<string, unknown>)[part] : undefined;
  return node;
}
