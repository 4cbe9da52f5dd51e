type Schema = {
  type?: string;
  const?: unknown;
  enum?: unknown[];
  anyOf?: Schema[];
  items?: Schema;
  prefixItems?: Schema[];
  properties?: Record<string, Schema>;
  required?: string[];
  additionalProperties?: Schema | boolean;
  $ref?: string;
};
type Content = Record<string, { schema?: Schema }>;
type Operation = {
  summary: string;
  tags: string[];
  security?: unknown[];
  parameters?: { name: string; in: string; required: boolean; schema?: Schema }[];
  requestBody?: { content: Content };
  responses: Record<string, { description: string; content?: Content }>;
};
type Document = { info: { title: string; description: string }; paths: Record<string, Record<string, Operation>> };

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** A schema as a TypeScript-like type, indented: what a reader of the page scans for. */
export function schemaText(schema: Schema | undefined, indent = ''): string {
  if (!schema || Object.keys(schema).length === 0) return 'any';
  if (schema.$ref) return schema.$ref.replace('#/components/schemas/', '');
  if ('const' in schema) return JSON.stringify(schema.const);
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.anyOf) return schema.anyOf.map((member) => schemaText(member, indent)).join(' | ');
  if (schema.type === 'array') {
    if (schema.prefixItems) return `[${schema.prefixItems.map((item) => schemaText(item, indent)).join(', ')}]`;
    const item = schemaText(schema.items, indent);
    return item.includes(' | ') ? `(${item})[]` : `${item}[]`;
  }
  if (schema.type !== 'object') return schema.type ?? 'any';
  const inner = `${indent}  `;
  const fields = Object.entries(schema.properties ?? {}).map(
    ([name, property]) => `${inner}${name}${schema.required?.includes(name) ? '' : '?'}: ${schemaText(property, inner)};`,
  );
  if (typeof schema.additionalProperties === 'object') fields.push(`${inner}[key: string]: ${schemaText(schema.additionalProperties, inner)};`);
  return fields.length === 0 ? '{}' : `{\n${fields.join('\n')}\n${indent}}`;
}

function contentHtml(content: Content | undefined) {
  return Object.entries(content ?? {})
    .map(([mediaType, { schema }]) => `<p class="media">${escapeHtml(mediaType)}</p><pre>${escapeHtml(schemaText(schema))}</pre>`)
    .join('');
}

function operationHtml(path: string, method: string, operation: Operation) {
  const id = `${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-');
  const parameters = (operation.parameters ?? [])
    .map((parameter) => `<li><code>${escapeHtml(parameter.name)}</code> (${parameter.in}${parameter.required ? ', required' : ''}): <code>${escapeHtml(schemaText(parameter.schema))}</code></li>`)
    .join('');
  const responses = Object.entries(operation.responses)
    .map(([status, response]) => `<details${status.startsWith('2') ? ' open' : ''}><summary>${status} ${escapeHtml(response.description)}</summary>${contentHtml(response.content)}</details>`)
    .join('');
  return (
    `<section id="${id}"><h3><span class="method ${method}">${method.toUpperCase()}</span> <code>${escapeHtml(path)}</code></h3>` +
    `<p>${escapeHtml(operation.summary)}${operation.security ? '' : ' <em>(no session needed)</em>'}</p>` +
    (parameters ? `<h4>Parameters</h4><ul>${parameters}</ul>` : '') +
    (operation.requestBody ? `<h4>Body</h4>${contentHtml(operation.requestBody.content)}` : '') +
    `<h4>Answers</h4>${responses}</section>`
  );
}

const STYLE =
  'body{font:15px/1.5 system-ui,sans-serif;margin:0 auto;max-width:60rem;padding:1rem 1.5rem;color:#1f2937}' +
  'nav ul{columns:3;padding-left:1rem}section{border-top:1px solid #e5e7eb;padding:.5rem 0}h3{font-size:1rem;margin:.5rem 0}' +
  'h4{font-size:.85rem;margin:.5rem 0 .25rem;color:#4b5563}pre{background:#f3f4f6;padding:.5rem;overflow:auto;font-size:.8rem}' +
  '.method{display:inline-block;min-width:4rem;font-size:.75rem;font-weight:700;color:#fff;background:#4b5563;padding:.1rem .4rem;border-radius:.25rem}' +
  '.get{background:#0f766e}.post{background:#1d4ed8}.put,.patch{background:#92400e}.delete{background:#b91c1c}.media{margin:.25rem 0;font-size:.8rem;color:#4b5563}';

/**
 * GET /api/docs: the OpenAPI document as one static page (no script, nothing from another
 * origin), grouped by tag, each operation with its parameters, body and answers as types
 * (docs/decisions/295-api-reference-page-in-development.md).
 */
export function referencePageHtml(openApi: object): string {
  // Built by buildOpenApiDocument (openapi-document.ts), whose schemas are plain JSON Schema.
  const document = openApi as Document;
  const byTag = new Map<string, string[]>();
  const links = new Map<string, string[]>();
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const tag = operation.tags[0] ?? 'other';
      byTag.set(tag, [...(byTag.get(tag) ?? []), operationHtml(path, method, operation)]);
      links.set(tag, [...(links.get(tag) ?? []), `<li><a href="#${`${method}-${path}`.replace(/[^A-Za-z0-9]+/g, '-')}">${method.toUpperCase()} ${escapeHtml(path)}</a></li>`]);
    }
  }
  const tags = [...byTag.keys()].sort();
  const nav = tags.map((tag) => `<li><a href="#tag-${escapeHtml(tag)}">${escapeHtml(tag)}</a> (${byTag.get(tag)!.length})</li>`).join('');
  const sections = tags.map((tag) => `<h2 id="tag-${escapeHtml(tag)}">${escapeHtml(tag)}</h2><ul>${links.get(tag)!.join('')}</ul>${byTag.get(tag)!.join('')}`).join('');
  return (
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">` +
    `<title>${escapeHtml(document.info.title)} reference</title><style>${STYLE}</style></head><body><main>` +
    `<h1>${escapeHtml(document.info.title)} reference</h1><p>${escapeHtml(document.info.description)} The document itself: <a href="/api/openapi.json">/api/openapi.json</a>.</p>` +
    `<nav aria-label="Tags"><ul>${nav}</ul></nav>${sections}</main></body></html>`
  );
}
