import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', 'test-fixtures/**', '**/*.js', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/only-throw-error': 'off',
      // Fastify handlers and React Query callbacks are async by design.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    files: ['apps/web/**/*.tsx', 'apps/web/**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'warn' },
  },
  {
    // expect.any()/stringMatching() are typed any by design.
    files: ['**/*.test.ts', 'e2e/**/*.ts'],
    rules: { '@typescript-eslint/no-unsafe-assignment': 'off' },
  },
  {
    // Import direction: contracts <- platform <- features <- app (docs/architecture.md).
    files: ['packages/contracts/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['@lms/server*', '@lms/web*', '**/apps/**'] }] },
  },
  {
    files: ['apps/server/src/platform/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/features/**'] }] },
  },
  {
    // A feature calls another feature's service, never its repository (ARCHITECTURE section 3). Tests may reach in.
    files: ['apps/server/src/features/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['../*/*.repository'], message: "Call that feature's service instead." }] },
      ],
    },
  },
);
