import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Every string a component renders must be a translation. The lint rule
 * (i18next/no-literal-string, eslint.config.js) is what enforces it; this test
 * proves the rule is on for components and that the app has no violation.
 */
describe('raw strings in components', () => {
  const eslint = new ESLint();

  it('are reported by the lint rule', async () => {
    const [result] = await eslint.lintText(
      'export function Hello() { return <button aria-label="Close">Save changes</button>; }\n',
      { filePath: 'src/web/features/example/hello.tsx' },
    );
    const rules = result?.messages.map((message) => message.ruleId) ?? [];
    expect(rules.filter((rule) => rule === 'i18next/no-literal-string')).toHaveLength(2);
  });

  it('do not appear in any component of the app', async () => {
    const results = await eslint.lintFiles(['src/web/**/*.tsx']);
    const raw = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'i18next/no-literal-string')
        .map((message) => `${result.filePath}:${message.line} ${message.message}`),
    );
    expect(raw).toEqual([]);
  }, 60_000);
});
