import js from '@eslint/js';
import i18next from 'eslint-plugin-i18next';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import rumbo from './eslint-rules/boundaries.js';

export default tseslint.config(
  { ignores: ['dist/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'src/server/db/migrations/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', ignoreRestSiblings: true }],
      // With verbatimModuleSyntax, `import { type A } from 'x'` still loads 'x' (`import 'x'`): a
      // type-only import must be `import type`, or a page carries a module (zod's schemas) it never runs.
      '@typescript-eslint/no-import-type-side-effects': 'error',
    },
  },
  {
    files: ['src/web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks, i18next },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Every user string is a translation: no text in JSX and no literal labels.
      'i18next/no-literal-string': [
        'error',
        {
          mode: 'jsx-only',
          'jsx-attributes': { include: ['aria-label', 'title', 'alt', 'placeholder', 'aria-description'] },
          callees: { exclude: ['t', 'i18next.t', 'cn', 'clsx', 'Error', 'form\\.(field|control|id|errorId)'] },
        },
      ],
    },
  },
  {
    // A toast is read in the founder's language like the page: never a literal sentence
    // (a string or template written in the code), always a translation.
    files: ['src/web/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['toast', 'toast.success', 'toast.error', 'toast.info', 'toast.warning', 'toast.message', 'toast.loading'].flatMap((callee) => {
          const call = callee.includes('.')
            ? `CallExpression[callee.object.name='toast'][callee.property.name='${callee.split('.')[1]}']`
            : "CallExpression[callee.name='toast']";
          const message = 'Toasts show translations: pass t(…), never a literal sentence.';
          return [
            { selector: `${call} > Literal.arguments`, message },
            { selector: `${call} > TemplateLiteral.arguments`, message },
            { selector: `${call} > ObjectExpression > Property[key.name='description'] > Literal`, message },
          ];
        }),
      ],
    },
  },
  {
    // Hooks live in .ts files too (use-mentor-chat.ts…): the rules of hooks apply there as well.
    files: ['src/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Boundaries (docs/principles.md#simple-and-elegant): core is pure; web talks to the server only over HTTP.
    files: ['src/core/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**', '**/web/**', 'node:*', 'react', 'react-dom'], message: 'src/core is pure domain logic: no I/O, no server or web imports.' }] },
      ],
    },
  },
  {
    files: ['src/web/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/server/**'], allowTypeImports: true, message: 'The web client may import only types from the server.' }] },
      ],
    },
  },
  {
    files: ['src/server/**'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/web/**'], message: 'The server does not import the web client.' }] }],
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration from env.ts (parsed once at start).' },
      ],
    },
  },
  {
    files: ['src/server/main.ts'],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // The layout's boundaries (eslint-rules/boundaries.js, decision 135): features over shared layers, on both sides.
    files: ['src/server/**/*.ts', 'src/web/**/*.{ts,tsx}'],
    plugins: { rumbo },
    rules: { 'rumbo/boundaries': 'error' },
  },
);
