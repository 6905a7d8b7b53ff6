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
    files: ['**/*.spec.ts', 'test/**/*.ts', 'libs/testing/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off', '@typescript-eslint/no-non-null-assertion': 'off' },
  },
  {
    files: ['scripts/**/*.{mjs,cjs,js}', 'tools/**/*.mjs', 'bench/**/*.{mjs,cjs,js}', '*.{js,mjs,cjs}', 'test/**/*.{mjs,cjs}', 'libs/testing/**/*.js'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
);
