import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layerBoundaries } from './tools/eslint/layer-boundaries.mjs';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'web/**', 'stories/**', '.data/**', 'artifacts/**', 'coverage/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    plugins: { portal: { rules: { 'layer-boundaries': layerBoundaries } } },
    rules: {
      'portal/layer-boundaries': 'error',
      '@typescript-eslint/no-unsafe-function-type': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
      'no-console': 'error',
    },
  },
  {
    // Type-aware rules where the services' code lives: no `any` reaches a caller (docs/architecture.md, «Typed rows»).
    files: ['apps/**/*.ts', 'libs/**/*.ts'],
    ignores: ['**/*.spec.ts', 'libs/testing/**'],
    extends: [tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unsafe-function-type': 'off',
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.property.name='query']",
          message: 'Read rows with selectRows/selectRow and a row schema, write with execute (@portal/db, typed-query.ts): a raw .query() answers any.',
        },
      ],
    },
  },
  {
    // Where raw SQL is the point: the typed helpers themselves, and migrations' DDL.
    files: ['libs/db/src/typed-query.ts', '**/migrations/**/*.ts', '**/*.migration.ts'],
    rules: { 'no-restricted-syntax': 'off' },
  },
  {
    files: ['**/*.spec.ts', 'test/**/*.ts', 'libs/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**/*.{mjs,cjs,js}', 'tools/**/*.mjs', 'bench/**/*.{mjs,cjs,js}', '*.{js,mjs,cjs}', 'test/**/*.{mjs,cjs}', 'libs/testing/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
