import { ESLint, RuleTester } from 'eslint';
import { describe, expect, it } from 'vitest';
import rumbo, { boundaryBreach } from '../../eslint-rules/boundaries.js';

/** The layout's lint rule fires on each kind of breach and lets the allowed imports through. */
describe('rumbo/boundaries', () => {
  it('names the breach of each import between two repository paths', () => {
    expect(boundaryBreach('src/server/features/tasks/service.ts', 'src/server/features/gamification/service.ts')).toBe('serverCrossFeature');
    expect(boundaryBreach('src/server/features/tasks/service.ts', 'src/server/features/gamification/index.ts')).toBeUndefined();
    expect(boundaryBreach('src/server/features/tasks/routes.ts', 'src/server/features/tasks/service.ts')).toBeUndefined();
    expect(boundaryBreach('src/server/http/context.ts', 'src/server/features/metrics/index.ts')).toBe('serverInfraToFeature');
    expect(boundaryBreach('src/server/app.ts', 'src/server/features/metrics/routes.ts')).toBeUndefined();
    expect(boundaryBreach('src/server/features/tasks/service.ts', 'src/server/platform/audit.ts')).toBeUndefined();
    expect(boundaryBreach('src/web/features/tasks/tasks-page.tsx', 'src/web/features/strategy/api.ts')).toBe('webCrossFeature');
    expect(boundaryBreach('src/web/features/tasks/tasks-page.tsx', 'src/web/features/strategy/index.ts')).toBeUndefined();
    expect(boundaryBreach('src/web/features/marketing/landing-page.tsx', 'src/web/app/showcase-section.tsx')).toBe('webFeatureToApp');
    expect(boundaryBreach('src/web/features/tasks/tasks-page.tsx', 'src/web/lib/api-client.ts')).toBeUndefined();
    expect(boundaryBreach('src/web/lib/sign-out.ts', 'src/web/features/mentor/mentor-page.tsx')).toBe('webSharedToFeature');
    expect(boundaryBreach('src/web/app/routes.tsx', 'src/web/features/mentor/mentor-page.tsx')).toBeUndefined();
  });

  it('reports them through ESLint on real import statements', () => {
    const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module' } });
    const cwd = process.cwd();
    tester.run('boundaries', rumbo.rules.boundaries, {
      valid: [
        { code: "import { awardPoints } from '../gamification/index.ts';", filename: `${cwd}/src/server/features/tasks/service.ts` },
        { code: "import { recordAuditEvent } from '../../platform/audit.ts';", filename: `${cwd}/src/server/features/tasks/service.ts` },
        { code: "import { metricsRoutes } from './features/metrics/routes.ts';", filename: `${cwd}/src/server/app.ts` },
        { code: "import { useStrategy } from '../strategy/index.ts';", filename: `${cwd}/src/web/features/tasks/tasks-page.tsx` },
      ],
      invalid: [
        { code: "import { awardPoints } from '../gamification/service.ts';", filename: `${cwd}/src/server/features/tasks/service.ts`, errors: [{ messageId: 'serverCrossFeature' }] },
        { code: "export { summaryOf } from '../features/metrics/index.ts';", filename: `${cwd}/src/server/http/context.ts`, errors: [{ messageId: 'serverInfraToFeature' }] },
        { code: "const api = import('../strategy/api.ts');", filename: `${cwd}/src/web/features/tasks/tasks-page.tsx`, errors: [{ messageId: 'webCrossFeature' }] },
        { code: "import { MentorPage } from '../features/mentor/mentor-page.tsx';", filename: `${cwd}/src/web/lib/sign-out.ts`, errors: [{ messageId: 'webSharedToFeature' }] },
        { code: "import { routes } from '../../app/routes.tsx';", filename: `${cwd}/src/web/features/marketing/landing-page.tsx`, errors: [{ messageId: 'webFeatureToApp' }] },
      ],
    });
  });
});

/**
 * The same breaches linted through ESLint's Node API with the repository's own config
 * (eslint.config.js): proves the rule is switched on for the folders it guards, not only that
 * it works when called by hand.
 */
describe('eslint.config.js runs rumbo/boundaries', () => {
  const eslint = new ESLint({ cwd: process.cwd() });
  const breachesOf = async (filePath: string, code: string) => {
    const [result] = await eslint.lintText(`${code}\nexport {};\n`, { filePath });
    return result!.messages.filter((message) => message.ruleId === 'rumbo/boundaries').map((message) => message.message);
  };

  it.each([
    ['src/web/features/tasks/tasks-page.tsx', "import { StrategyPage } from '../strategy/strategy-page.tsx';", 'A web feature reaches another only through its index.ts'],
    ['src/web/features/marketing/landing-page.tsx', "const showcase = import('../../app/product-showcase.tsx');", 'A web feature must not import app/'],
    ['src/web/components/data-table.tsx', "import { TasksPage } from '../features/tasks/tasks-page.tsx';", 'lib/, components/ and i18n/ serve every feature'],
    ['src/server/features/tasks/service.ts', "import { awardPoints } from '../gamification/service.ts';", 'A server feature reaches another only through its index.ts'],
    ...['auth/session-guard.ts', 'http/context.ts', 'ai/context/build-context.ts', 'openapi/document.ts', 'platform/audit.ts', 'db/client.ts', 'storage/s3.ts', 'mail/send.ts'].map(
      (file) => [`src/server/${file}`, `import { summaryOf } from '${'../'.repeat(file.split('/').length - 1)}features/metrics/index.ts';`, 'Server infrastructure must not import a feature'],
    ),
  ])('%s: %s fails lint', async (filePath, code, message) => {
    const breaches = await breachesOf(filePath, code);
    expect(breaches).toHaveLength(1);
    expect(breaches[0]).toContain(message);
  });

  it.each([
    ['src/web/features/tasks/tasks-page.tsx', "import { apiFetch } from '../../lib/api-client.ts';"],
    ['src/web/features/tasks/tasks-page.tsx', "import { useStrategy } from '../strategy/index.ts';"],
    ['src/web/app/routes.tsx', "import { TasksPage } from '../features/tasks/tasks-page.tsx';"],
    ['src/server/features/tasks/service.ts', "import { awardPoints } from '../gamification/index.ts';"],
    ['src/server/features/tasks/routes.ts', "import { listTasks } from './service.ts';"],
    ['src/server/app.ts', "import { metricsRoutes } from './features/metrics/routes.ts';"],
  ])('%s: %s passes', async (filePath, code) => {
    expect(await breachesOf(filePath, code)).toEqual([]);
  });
});
