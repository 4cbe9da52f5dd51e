import fs from 'node:fs';
import path from 'node:path';

/**
 * Groups the modules the signed-in area needs before its first paint into two chunks
 * (decision 225). Left alone, the bundler gives each small shared module (a hook, an API
 * call, a component, an icon) its own file: about 70 requests before /overview paints, and
 * a phone's connection fetches them six at a time.
 *
 * Captured: what the guard, the shell and the first pages (Overview, Metrics) import
 * statically. Never captured: anything a public page imports statically, so the landing
 * page's JavaScript is unchanged; and what is loaded lazily (charts, mentor, admin, the
 * feedback dialog) keeps its own chunks.
 */
const WEB = path.resolve(import.meta.dirname, '../../src/web');
const SHOWCASE = 'app/product-showcase.tsx';
const SIGNED_IN_ROOTS = ['app/require-auth.tsx', 'app/layout/app-shell.tsx', 'features/overview/overview-page.tsx', 'features/metrics/metrics-page.tsx'];

function publicRoots() {
  const pages = ['features/marketing', 'features/auth'].flatMap((folder) =>
    fs.readdirSync(path.join(WEB, folder), { recursive: true, encoding: 'utf8' }).map((file) => path.join(folder, file)),
  );
  return ['boot.ts', 'main.tsx', 'app/not-found-page.tsx', ...pages];
}

interface ModuleGraph {
  getModuleInfo(id: string): { importedIds: readonly string[]; dynamicallyImportedIds?: readonly string[]; code: string | null } | null;
}

/**
 * Packages imported through one index module that re-exports everything. Following the
 * index would make every icon look used by every page (and leave the icons only signed-in
 * pages use outside the groups); only the names a module imports are followed.
 */
const BARRELS = [
  { specifier: 'lucide-react', index: /lucide-react[\\/]dist[\\/]esm[\\/]lucide-react\.mjs$/ },
  { specifier: 'radix-ui', index: /radix-ui[\\/]dist[\\/]index\.mjs$/ },
  { specifier: '@tanstack/react-query', index: /@tanstack[\\/]react-query[\\/]build[\\/]modern[\\/]index\.js$/ },
  { specifier: '@tanstack/query-core', index: /@tanstack[\\/]query-core[\\/]build[\\/]modern[\\/]index\.js$/ },
];

/** Exported name → the id of the module it comes from, read from the index's own text. */
function reExports(graph: ModuleGraph, indexId: string) {
  const code = graph.getModuleInfo(indexId)?.code ?? fs.readFileSync(indexId, 'utf8');
  const imported = graph.getModuleInfo(indexId)?.importedIds ?? [];
  // './icons/book-open.mjs' must not match book-open-check.mjs; '@radix-ui/react-menu' not react-menubar.
  const idFor = (source: string) =>
    imported.find((id) => (source.startsWith('./') ? id.endsWith(`/${source.slice(2)}`) : id.includes(`/node_modules/${source}/`)));
  const byName = new Map<string, string>();
  const add = (list: string, id: string | undefined) => {
    if (!id) return;
    for (const entry of list.split(',')) byName.set(entry.trim().split(/\s+as\s+/).pop()!, id);
  };
  // `export { a as b } from './x'` and `import { a } from './x'` (re-exported below).
  for (const [, list, source] of code.matchAll(/(?:export|import)\s*\{([^}]*)\}\s*from\s*['"]([^'"]+)['"]/g)) add(list!, idFor(source!));
  for (const [, name, source] of code.matchAll(/import\s*\*\s*as\s+(\w+)\s+from\s*['"]([^'"]+)['"]/g)) add(name!, idFor(source!));
  // `export { a as b }` of an imported `a`.
  for (const [, list] of code.matchAll(/export\s*\{([^}]*)\}\s*;/g)) {
    for (const entry of list!.split(',')) {
      const [local, exported = local] = entry.trim().split(/\s+as\s+/);
      const id = local && byName.get(local);
      if (id && exported) byName.set(exported, id);
    }
  }
  return byName;
}

function staticClosure(graph: ModuleGraph, roots: string[]) {
  const indexes = new Map<string, Map<string, string>>();
  const seen = new Set<string>();
  const stack = roots.map((root) => path.join(WEB, root));
  while (stack.length > 0) {
    const id = stack.pop()!;
    if (seen.has(id)) continue;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) {
      const barrel = BARRELS.find((candidate) => candidate.index.test(imported));
      const names = barrel && info?.code ? importedNames(info.code, barrel.specifier) : undefined;
      if (!barrel || !names) {
        stack.push(imported);
        continue;
      }
      if (!indexes.has(imported)) indexes.set(imported, reExports(graph, imported));
      const targets = names.map((name) => indexes.get(imported)!.get(name));
      // A name the index doesn't list: follow the whole index, as the bundler would.
      if (targets.some((target) => !target)) stack.push(imported);
      else stack.push(...(targets as string[]));
    }
  }
  return seen;
}

function importedNames(code: string, specifier: string) {
  const names: string[] = [];
  const pattern = new RegExp(`import\\s*\\{([^}]*)\\}\\s*from\\s*['"]${specifier}['"]`, 'g');
  for (const [, list] of code.matchAll(pattern)) {
    for (const entry of list!.split(',')) {
      const name = entry.trim().replace(/^type\s+/, '').split(/\s+as\s+/)[0];
      if (name) names.push(name);
    }
  }
  return names.length > 0 ? names : undefined;
}

/** The chunk a signed-in route module is grouped in (its name in the Vite manifest), or null: a file of its own. */
export function routeChunkName(module: string) {
  return SIGNED_IN_ROOTS.includes(module) ? 'signed-in' : null;
}

/** What the app loads first on any page: itself and the landing page (the first page of most visitors who sign up). */
const LANDING_ROOTS = ['main.tsx', 'features/marketing/landing-page.tsx'];
/** What a prerendered public page loads: the page's script and its islands (decision 284), without React. */
const ISLAND_ROOTS = ['boot.ts', 'islands/public-islands.ts'];
/** The route table: its lazy imports are the pages, not something the landing page loads later. */
const ROUTES = 'app/routes.tsx';

/**
 * What every public page loads lazily as soon as the app runs (the toasts' Toaster): left in
 * files of its own, so the landing page does not fetch the whole `account` group for it.
 */
function loadedAfterStart(graph: ModuleGraph) {
  const routes = path.join(WEB, ROUTES);
  const app = [...staticClosure(graph, ['boot.ts', 'main.tsx'])].filter((id) => id !== routes);
  const lazy = app.flatMap((id) => graph.getModuleInfo(id)?.dynamicallyImportedIds ?? []);
  return staticClosure(graph, lazy.map((id) => path.relative(WEB, id)));
}

/**
 * Translation namespaces grouped per language (decision 233): those of the guard and the app
 * shell (every signed-in page), and those Overview adds. A page asks for its namespaces at
 * once (decision 231); one file per group instead of one per namespace saves a phone's
 * connection a round trip for each. `auth` stays alone: the sign-in page needs it too.
 */
const TEXT_GROUPS: Record<string, readonly string[]> = {
  // `metrics` too: Overview and Metrics both show it, and one file less is a round trip less for both.
  'signed-in-texts': ['shell', 'session', 'impersonation', 'subscription', 'tours', 'gamification', 'metrics'],
  'overview-texts': ['overview', 'profile', 'referrals', 'reports'],
};

/** The chunk a namespace's translations are grouped in (its name in the Vite manifest), or null: a file of its own. */
export function textChunkName(language: string, namespace: string) {
  const group = Object.keys(TEXT_GROUPS).find((name) => TEXT_GROUPS[name]!.includes(namespace));
  return group ? `${group}-${language}` : null;
}

function textGroup(id: string) {
  const match = /[\\/]locales[\\/]([^\\/]+)[\\/]([^\\/]+)\.json$/.exec(id);
  return match ? textChunkName(match[1]!, match[2]!) : null;
}

/**
 * A `codeSplitting` group's `name`: 'signed-in' for the modules only the signed-in area uses;
 * 'dashboard' for those it shares with the landing page's showcase (which loads when
 * scrolled near, decision 223, and shows the same cards); 'shared' for those it shares with
 * the app's first load on a public page (React, i18next, icons, small helpers: in one file, decision 233);
 * 'islands' for the few the prerendered public pages' islands use (decision 284), kept out of
 * 'shared' so those pages load no React; 'account' for those it shares
 * only with the other public pages (the auth client, form parts, the API client); a translation group per
 * language (`TEXT_GROUPS`); null for the rest.
 */
export function signedInChunkName() {
  let chunkOf: Map<string, string> | undefined;
  return (id: string, graph: ModuleGraph) => {
    if (!chunkOf) {
      const publicModules = staticClosure(graph, publicRoots());
      const islands = staticClosure(graph, ISLAND_ROOTS);
      const landing = staticClosure(graph, LANDING_ROOTS);
      const later = loadedAfterStart(graph);
      const showcase = staticClosure(graph, [SHOWCASE]);
      chunkOf = new Map();
      // The roots (the guard, the app shell, the two pages with a shell of their own) join the
      // group too: the routes import them lazily, but a signed-in page needs the first two and
      // the group anyway, and the pages are 3 kB each; four requests fewer on a phone's six connections.
      for (const module of staticClosure(graph, SIGNED_IN_ROOTS)) {
        if (islands.has(module)) chunkOf.set(module, 'islands');
        else if (landing.has(module)) chunkOf.set(module, 'shared');
        else if (publicModules.has(module)) {
          if (!later.has(module)) chunkOf.set(module, 'account');
        }
        else chunkOf.set(module, showcase.has(module) ? 'dashboard' : 'signed-in');
      }
    }
    return chunkOf.get(id) ?? textGroup(id);
  };
}
