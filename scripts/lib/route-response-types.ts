import ts from 'typescript';
import path from 'node:path';

/** A JSON Schema (2020-12, as OpenAPI 3.1 reads it) of one answer body. */
export type JsonSchema = Record<string, unknown>;

/** What one route answers, by status: a JSON body's schema, or null for an answer with no JSON body (204, a redirect, a file). */
export type RouteResponses = Record<string, { schema: JsonSchema | null; mediaType: string | null }>;

const MEDIA_TYPES: Record<string, string | null> = { json: 'application/json', text: 'text/plain', body: null, redirect: null };

/**
 * The JSON Schema of a type as the route's `c.json` answers it: Hono's own typing already
 * turned it into what JSON carries (dates as strings, no functions, no undefined).
 */
export function toJsonSchema(checker: ts.TypeChecker, type: ts.Type, seen: ts.Type[] = []): JsonSchema {
  const flags = type.flags;
  if (flags & (ts.TypeFlags.Any | ts.TypeFlags.Unknown)) return {};
  if (flags & ts.TypeFlags.Null) return { type: 'null' };
  if (flags & ts.TypeFlags.BooleanLiteral) return { type: 'boolean', const: checker.typeToString(type) === 'true' };
  if (flags & ts.TypeFlags.Boolean) return { type: 'boolean' };
  if (flags & ts.TypeFlags.StringLiteral) return { type: 'string', const: (type as ts.StringLiteralType).value };
  if (flags & ts.TypeFlags.NumberLiteral) return { type: 'number', const: (type as ts.NumberLiteralType).value };
  if (flags & (ts.TypeFlags.String | ts.TypeFlags.TemplateLiteral | ts.TypeFlags.StringMapping)) return { type: 'string' };
  if (flags & ts.TypeFlags.Number) return { type: 'number' };
  if (flags & ts.TypeFlags.Never) return { not: {} };
  if (type.isUnion()) return unionSchema(checker, type, seen);
  if (seen.includes(type)) return {};
  const inner = [...seen, type];
  if (checker.isTupleType(type)) {
    const items = checker.getTypeArguments(type as ts.TypeReference).map((item) => toJsonSchema(checker, item, inner));
    return { type: 'array', prefixItems: items, minItems: items.length, maxItems: items.length };
  }
  if (checker.isArrayType(type)) {
    const [item] = checker.getTypeArguments(type as ts.TypeReference);
    return { type: 'array', items: item ? toJsonSchema(checker, item, inner) : {} };
  }
  // An array mapped by a type operator (Hono's JSONParsed over a readonly array) keeps its number index.
  const numberIndex = checker.getIndexInfoOfType(type, ts.IndexKind.Number);
  if (numberIndex && type.getProperty('length')) return { type: 'array', items: toJsonSchema(checker, numberIndex.type, inner) };
  if (type.isIntersection() || flags & ts.TypeFlags.Object) return objectSchema(checker, type, inner);
  return {};
}

function unionSchema(checker: ts.TypeChecker, type: ts.UnionType, seen: ts.Type[]): JsonSchema {
  const members = type.types.filter((member) => !(member.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Void)));
  // `boolean` is the union true | false to the checker.
  const booleans = members.filter((member) => member.flags & ts.TypeFlags.BooleanLiteral);
  const others = members.filter((member) => !(member.flags & ts.TypeFlags.BooleanLiteral));
  const schemas = others.map((member) => toJsonSchema(checker, member, seen));
  if (booleans.length === 2) schemas.push({ type: 'boolean' });
  else schemas.push(...booleans.map((member) => toJsonSchema(checker, member, seen)));
  // Any JSON value (Hono's JSONParsed of `unknown`), or a member that may be anything: the union says nothing more.
  const types = new Set(schemas.map((schema) => schema.type));
  if (schemas.some((schema) => Object.keys(schema).length === 0) || ['null', 'string', 'number', 'boolean', 'array', 'object'].every((type) => types.has(type))) return {};
  const constants = schemas.filter((schema) => 'const' in schema && Object.keys(schema).length === 2);
  if (constants.length === schemas.length && new Set(constants.map((schema) => schema.type)).size === 1) {
    return { type: constants[0]!.type, enum: constants.map((schema) => schema.const) };
  }
  return schemas.length === 1 ? schemas[0]! : { anyOf: schemas };
}

function objectSchema(checker: ts.TypeChecker, type: ts.Type, seen: ts.Type[]): JsonSchema {
  const properties: Record<string, JsonSchema> = {};
  const required: string[] = [];
  for (const property of checker.getPropertiesOfType(type)) {
    const propertyType = checker.getTypeOfSymbol(property);
    // JSON carries no undefined and no functions.
    if (propertyType.flags & (ts.TypeFlags.Undefined | ts.TypeFlags.Never) || propertyType.getCallSignatures().length > 0) continue;
    properties[property.name] = toJsonSchema(checker, propertyType, seen);
    const optional = property.flags & ts.SymbolFlags.Optional || (propertyType.isUnion() && propertyType.types.some((member) => member.flags & ts.TypeFlags.Undefined));
    if (!optional) required.push(property.name);
  }
  const schema: JsonSchema = { type: 'object' };
  if (Object.keys(properties).length > 0) schema.properties = properties;
  if (required.length > 0) schema.required = required;
  const index = checker.getIndexInfoOfType(type, ts.IndexKind.String);
  if (index) schema.additionalProperties = toJsonSchema(checker, index.type, seen);
  return schema;
}

/** The second type argument of a Hono instance's type (env, route schema, base path, current path). */
function honoSchema(checker: ts.TypeChecker, type: ts.Type): ts.Type | undefined {
  const args = checker.getTypeArguments(type as ts.TypeReference);
  return args.length >= 3 ? args[1] : undefined;
}

function joinPath(base: string, path: string) {
  const joined = `${base}/${path}`.replace(/\/+/g, '/');
  return joined.length > 1 ? joined.replace(/\/$/, '') : joined;
}

/** Every route of one Hono instance's type, `METHOD /path` → its answers by status. */
function routesOf(checker: ts.TypeChecker, base: string, schemaType: ts.Type, into: Record<string, RouteResponses>) {
  // A sub-app that mounts others is a union of their schemas.
  if (schemaType.isUnion()) {
    for (const member of schemaType.types) routesOf(checker, base, member, into);
    return;
  }
  for (const pathSymbol of checker.getPropertiesOfType(schemaType)) {
    const methods = checker.getTypeOfSymbol(pathSymbol);
    for (const methodSymbol of checker.getPropertiesOfType(methods)) {
      const method = methodSymbol.name.replace(/^\$/, '').toUpperCase();
      const endpoints = checker.getTypeOfSymbol(methodSymbol);
      const key = `${method} ${joinPath(base, pathSymbol.name)}`;
      const responses: RouteResponses = (into[key] ??= {});
      for (const endpoint of endpoints.isUnion() ? endpoints.types : [endpoints]) {
        const field = (name: string) => {
          const symbol = endpoint.getProperty(name);
          return symbol ? checker.getTypeOfSymbol(symbol) : undefined;
        };
        addResponse(checker, responses, { status: field('status'), format: field('outputFormat'), output: field('output') });
      }
    }
  }
}

type Endpoint = { status: ts.Type | undefined; format: ts.Type | undefined; output: ts.Type | undefined };

/** One way a route answers (its status, format and body type) added to what it answers by status. */
function addResponse(checker: ts.TypeChecker, responses: RouteResponses, { status, format, output }: Endpoint) {
  // A Response built by hand (a stream, a file) says nothing Hono can see.
  if (!status || !output || !format?.isStringLiteral()) return;
  const mediaType = format.value in MEDIA_TYPES ? MEDIA_TYPES[format.value]! : null;
  // `c.json(body)` without a status may answer any status with content: it answers 200.
  const statuses = status.isUnion() && status.types.length > 5 ? [200] : (status.isUnion() ? status.types : [status]).map((code) => (code.isNumberLiteral() ? code.value : 'default'));
  for (const code of statuses.map(String)) {
    const schema = mediaType === 'application/json' ? toJsonSchema(checker, output) : mediaType ? { type: 'string' } : null;
    const previous = responses[code];
    if (previous?.schema && !schema) continue;
    responses[code] =
      previous?.schema && schema && JSON.stringify(previous.schema) !== JSON.stringify(schema)
        ? { mediaType, schema: { anyOf: [...((previous.schema.anyOf as JsonSchema[] | undefined) ?? [previous.schema]), schema] } }
        : { mediaType, schema };
  }
}

/** What a handler's `c.json(…)` says it answers: Hono's TypedResponse carries `_data`, `_status` and `_format`. */
function handlerResponses(checker: ts.TypeChecker, handler: ts.Expression): Endpoint[] {
  const signature = checker.getTypeAtLocation(handler).getCallSignatures()[0];
  if (!signature) return [];
  const returned = signature.getReturnType();
  const settled = checker.getAwaitedType(returned) ?? returned;
  return (settled.isUnion() ? settled.types : [settled]).map((member) => {
    const field = (name: string) => {
      const symbol = member.getProperty(name);
      return symbol ? checker.getTypeOfSymbol(symbol) : undefined;
    };
    return { status: field('_status'), format: field('_format'), output: field('_data') };
  });
}

/**
 * Reads `createApp` in the given file: every `app.route('/api/…', routes)` it mounts, and
 * from each sub-app's type (the chain of `.get(…)`, `.post(…)` Hono infers) what each of its
 * routes answers, by status; and the routes the app itself declares (`app.get('/api/…', …)`),
 * from their handler's return type. An answer Hono cannot see (a stream, a file) has none here:
 * its `documented` declaration names its media type instead.
 */
export function readRouteResponses(appFile: string, compilerOptions: ts.CompilerOptions): Record<string, RouteResponses> {
  const program = ts.createProgram([appFile], compilerOptions);
  const checker = program.getTypeChecker();
  const source = program.getSourceFile(appFile);
  if (!source) throw new Error(`Cannot read ${appFile}`);
  const routes: Record<string, RouteResponses> = {};
  const visit = (node: ts.Node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && node.arguments.length >= 2) {
      const [pathArgument] = node.arguments;
      const method = node.expression.name.text;
      if (pathArgument && ts.isStringLiteral(pathArgument) && pathArgument.text.startsWith('/api/')) {
        if (method === 'route') {
          const schemaType = honoSchema(checker, checker.getTypeAtLocation(node.arguments[1]!));
          if (schemaType) routesOf(checker, pathArgument.text, schemaType, routes);
        } else if (['get', 'post', 'put', 'patch', 'delete'].includes(method)) {
          const handler = node.arguments[node.arguments.length - 1]!;
          const responses: RouteResponses = {};
          for (const endpoint of handlerResponses(checker, handler)) addResponse(checker, responses, endpoint);
          if (Object.keys(responses).length > 0) routes[`${method.toUpperCase()} ${pathArgument.text}`] = responses;
        }
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return routes;
}

export const APP_FILE = 'src/server/app.ts';
export const RESPONSES_FILE = 'src/server/openapi/route-responses.generated.json';

/** The generated file's text: every API route's answers, read from the app's types with the project's compiler options. */
export function routeResponsesText(root: string): string {
  const config = ts.getParsedCommandLineOfConfigFile(path.join(root, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => {} });
  if (!config) throw new Error('Cannot read tsconfig.json');
  const routes = readRouteResponses(path.join(root, APP_FILE), config.options);
  const sorted = Object.fromEntries(Object.keys(routes).sort().map((key) => [key, routes[key]]));
  return `${JSON.stringify(sorted, null, 1)}\n`;
}
