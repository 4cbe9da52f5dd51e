import { RuleTester } from 'eslint';
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
      ],
      invalid: [
        { code: "import { awardPoints } from '../gamification/service.ts';", filename: `${cwd}/src/server/features/tasks/service.ts`, errors: [{ messageId: 'serverCrossFeature' }] },
        { code: "export { summaryOf } from '../features/metrics/index.ts';", filename: `${cwd}/src/server/http/context.ts`, errors: [{ messageId: 'serverInfraToFeature' }] },
        { code: "const api = import('../strategy/api.ts');", filename: `${cwd}/src/web/features/tasks/tasks-page.tsx`, errors: [{ messageId: 'webCrossFeature' }] },
        { code: "import { MentorPage } from '../features/mentor/mentor-page.tsx';", filename: `${cwd}/src/web/lib/sign-out.ts`, errors: [{ messageId: 'webSharedToFeature' }] },
      ],
    });
  });
});
