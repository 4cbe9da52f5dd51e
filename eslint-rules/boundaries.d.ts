import type { ESLint, Rule } from 'eslint';

export const SERVER_ASSEMBLY: Set<string>;
export function boundaryBreach(file: string, target: string): 'serverCrossFeature' | 'serverInfraToFeature' | 'webCrossFeature' | 'webSharedToFeature' | undefined;
declare const plugin: ESLint.Plugin & { rules: { boundaries: Rule.RuleModule } };
export default plugin;
