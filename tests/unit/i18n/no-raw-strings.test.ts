import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/**
 * Every string a component renders, and every toast, must be a translation. The lint
 * rules (i18next/no-literal-string and the toast rule, eslint.config.js) are what
 * enforce it; this test proves they are on and that the app has no violation.
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

  it('are reported in toasts, in components and in plain modules alike, while a translation passes', async () => {
    const source =
      "import { toast } from 'sonner';\n" +
      "export function saved(t: (key: string) => string) { toast.success('Saved!'); toast(`Hi ${t('name')}`); toast.error(t('title'), { description: 'Try again' }); toast.error(t('ok')); }\n";
    for (const filePath of ['src/web/features/example/hello.tsx', 'src/web/lib/example.ts']) {
      const [result] = await eslint.lintText(source, { filePath });
      const reported = result?.messages.filter((message) => message.ruleId === 'no-restricted-syntax').map((message) => message.column) ?? [];
      expect(reported, filePath).toHaveLength(3);
    }
  });

  it('do not appear in any component or toast of the app', async () => {
    const results = await eslint.lintFiles(['src/web/**/*.{ts,tsx}']);
    const raw = results.flatMap((result) =>
      result.messages
        .filter((message) => message.ruleId === 'i18next/no-literal-string' || message.ruleId === 'no-restricted-syntax')
        .map((message) => `${result.filePath}:${message.line} ${message.message}`),
    );
    expect(raw).toEqual([]);
  }, 120_000);
});
