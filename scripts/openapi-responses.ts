/**
 * `npm run openapi:responses`: writes src/server/openapi/route-responses.generated.json, what
 * every API route answers, read from the routes' own types (docs/decisions/294-openapi-responses-from-route-types.md).
 * `--check` only says whether the file is current (a unit test runs the same comparison).
 */
import fs from 'node:fs';
import path from 'node:path';
import { RESPONSES_FILE, routeResponsesText } from './lib/route-response-types.ts';

const root = path.resolve(import.meta.dirname, '..');
const text = routeResponsesText(root);
const file = path.join(root, RESPONSES_FILE);
if (process.argv.includes('--check')) {
  const current = fs.existsSync(file) && fs.readFileSync(file, 'utf8') === text;
  console.log(current ? `${RESPONSES_FILE} is current` : `${RESPONSES_FILE} is stale: run npm run openapi:responses`);
  process.exit(current ? 0 : 1);
}
fs.writeFileSync(file, text);
console.log(`${RESPONSES_FILE}: ${Object.keys(JSON.parse(text) as object).length} routes`);
