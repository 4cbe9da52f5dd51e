/**
 * `npm run imports`: how the source's folders lean on each other, in the figures the
 * layout decision tracks (docs/decisions/135-layout-and-boundaries.md):
 * - imports from one web feature into another, other than through its `index.ts`;
 * - web features importing `src/web/app/` (the router and the layout compose features);
 * - imports from one server feature into another, other than through its `index.ts`;
 * - "arrows up": server infrastructure (anything outside `src/server/features/`, bar the
 *   files that assemble the app) importing a feature;
 * - import loops between files, and features tied together in a loop.
 * `--list` prints every offending import; `--check` exits 1 when any figure is not 0.
 */
import fs from 'node:fs';
import path from 'node:path';
import { SERVER_ASSEMBLY } from '../eslint-rules/boundaries.js';

const ROOT = path.resolve(import.meta.dirname, '..');
const SRC = path.join(ROOT, 'src');

const IMPORT = /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/gm;

function sourceFiles(folder: string): string[] {
  return fs.readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(folder, entry.name);
    if (entry.isDirectory()) return entry.name === 'migrations' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Every relative import of every source file, as repository paths. */
function importGraph(): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of sourceFiles(SRC)) {
    const text = fs.readFileSync(file, 'utf8');
    const targets: string[] = [];
    for (const match of text.matchAll(IMPORT)) {
      const specifier = match[1] ?? match[2] ?? '';
      if (!specifier.startsWith('.')) continue;
      targets.push(path.relative(ROOT, path.resolve(path.dirname(file), specifier)));
    }
    graph.set(path.relative(ROOT, file), targets);
  }
  return graph;
}

const featureOf = (file: string, side: 'web' | 'server') => file.match(new RegExp(`^src/${side}/features/([^/]+)/`))?.[1];

/** Strongly connected components with more than one member (Tarjan), i.e. import loops. */
function loops(graph: Map<string, string[]>): string[][] {
  let index = 0;
  const indices = new Map<string, number>();
  const lowlink = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    indices.set(node, index);
    lowlink.set(node, index++);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!graph.has(next)) continue;
      if (!indices.has(next)) {
        visit(next);
        lowlink.set(node, Math.min(lowlink.get(node)!, lowlink.get(next)!));
      } else if (onStack.has(next)) lowlink.set(node, Math.min(lowlink.get(node)!, indices.get(next)!));
    }
    if (lowlink.get(node) === indices.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) found.push(component.sort());
    }
  };
  for (const node of graph.keys()) if (!indices.has(node)) visit(node);
  return found;
}

const graph = importGraph();
const webBetweenFeatures: string[] = [];
const serverBetweenFeatures: string[] = [];
const arrowsUp: string[] = [];
const webFeaturesToApp: string[] = [];
const featureGraph = { web: new Map<string, string[]>(), server: new Map<string, string[]>() };

for (const [file, targets] of graph) {
  for (const target of targets) {
    for (const side of ['web', 'server'] as const) {
      const from = featureOf(file, side);
      const to = featureOf(target, side);
      if (from && to && from !== to) {
        featureGraph[side].set(from, [...(featureGraph[side].get(from) ?? []), to]);
        const published = new RegExp(`^src/${side}/features/[^/]+/index\\.ts$`).test(target);
        if (!published) (side === 'web' ? webBetweenFeatures : serverBetweenFeatures).push(`${file} → ${target}`);
      }
    }
    if (featureOf(file, 'web') && /^src\/web\/app\//.test(target)) webFeaturesToApp.push(`${file} → ${target}`);
    const fromInfrastructure = file.startsWith('src/server/') && !featureOf(file, 'server') && !SERVER_ASSEMBLY.has(file);
    if (fromInfrastructure && featureOf(target, 'server')) arrowsUp.push(`${file} → ${target}`);
  }
}

const fileLoops = loops(graph);
const webFeatureLoops = loops(featureGraph.web);
const serverFeatureLoops = loops(featureGraph.server);
const figures: [string, number, string[]][] = [
  ['web: imports between features (not through index.ts)', webBetweenFeatures.length, webBetweenFeatures],
  ['web: features importing app/', webFeaturesToApp.length, webFeaturesToApp],
  ['web: features tied in a loop', webFeatureLoops.flat().length, webFeatureLoops.map((loop) => loop.join(' ↔ '))],
  ['server: imports between features (not through index.ts)', serverBetweenFeatures.length, serverBetweenFeatures],
  ['server: features tied in a loop', serverFeatureLoops.flat().length, serverFeatureLoops.map((loop) => loop.join(' ↔ '))],
  ['server: infrastructure importing a feature', arrowsUp.length, arrowsUp],
  ['file import loops', fileLoops.length, fileLoops.map((loop) => loop.join(' ↔ '))],
];

const list = process.argv.includes('--list');
for (const [label, count, items] of figures) {
  console.log(`${String(count).padStart(4)}  ${label}`);
  if (list) for (const item of items) console.log(`        ${item}`);
}
if (process.argv.includes('--check') && figures.some(([, count]) => count > 0)) process.exit(1);
