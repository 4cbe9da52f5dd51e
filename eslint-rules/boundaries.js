import path from 'node:path';

/**
 * The layout's import rules (docs/decisions/135-layout-and-boundaries.md), checked on every
 * relative import:
 * - a server feature reaches another feature only through its published `index.ts`;
 * - server infrastructure (anything outside `src/server/features/` but the files that
 *   assemble the app) never imports a feature;
 * - a web feature reaches another web feature only through its published `index.ts`, and never
 *   imports app/ (the router and the layout compose features, not the other way round);
 * - lib/, components/ and i18n/ import no feature: they serve every feature.
 * `npm run imports` reports the same figures for the whole tree, loops included.
 */

/** Server files whose job is to know every feature: they build the app from them. */
export const SERVER_ASSEMBLY = new Set(['src/server/app.ts', 'src/server/app-deps.ts', 'src/server/services.ts', 'src/server/start-server.ts', 'src/server/main.ts']);

const SERVER_FEATURE = /^src\/server\/features\/([^/]+)\/(.+)$/;
const WEB_FEATURE = /^src\/web\/features\/([^/]+)\/(.+)$/;
const WEB_APP = /^src\/web\/app(\/|$)/;
const WEB_SHARED = /^src\/web\/(lib|components|i18n)\//;

/** What is wrong with importing `target` from `file` (both repository paths), or undefined. */
export function boundaryBreach(file, target) {
  const to = SERVER_FEATURE.exec(target);
  if (file.startsWith('src/server/') && to) {
    const from = SERVER_FEATURE.exec(file);
    if (from) return from[1] !== to[1] && to[2] !== 'index.ts' ? 'serverCrossFeature' : undefined;
    return SERVER_ASSEMBLY.has(file) ? undefined : 'serverInfraToFeature';
  }
  const fromWeb = WEB_FEATURE.exec(file);
  if (fromWeb && WEB_APP.test(target)) return 'webFeatureToApp';
  const toWeb = WEB_FEATURE.exec(target);
  if (!toWeb) return undefined;
  if (fromWeb) return fromWeb[1] !== toWeb[1] && toWeb[2] !== 'index.ts' ? 'webCrossFeature' : undefined;
  return WEB_SHARED.test(file) ? 'webSharedToFeature' : undefined;
}

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Imports follow the layout: features over a platform, one direction inside each side.' },
    schema: [],
    messages: {
      serverCrossFeature: "A server feature reaches another only through its index.ts ('{{target}}').",
      serverInfraToFeature: "Server infrastructure must not import a feature ('{{target}}'): move what it needs into platform/, or pass it in from the assembly.",
      webCrossFeature: "A web feature reaches another only through its index.ts ('{{target}}').",
      webFeatureToApp: "A web feature must not import app/ ('{{target}}'): app/ composes features; take what it provides as a prop.",
      webSharedToFeature: "lib/, components/ and i18n/ serve every feature and import none ('{{target}}').",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    function check(node) {
      const spec = node.source?.value;
      if (typeof spec !== 'string' || !spec.startsWith('.')) return;
      const target = path.relative(root, path.resolve(path.dirname(context.filename), spec)).split(path.sep).join('/');
      const breach = boundaryBreach(file, target);
      if (breach) context.report({ node: node.source, messageId: breach, data: { target } });
    }
    return { ImportDeclaration: check, ExportNamedDeclaration: check, ExportAllDeclaration: check, ImportExpression: check };
  },
};

export default { rules: { boundaries: rule } };
