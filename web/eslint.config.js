// Run from the repository root (see the "lint" script) so that web/ and stories/ share one config.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { layersPlugin } from './eslint-layers.js';

export default tseslint.config(
  { ignores: ['web/dist/**', '**/storybook-static/**', 'web/node_modules/**'] },
  {
    files: ['web/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks, layers: layersPlugin },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'layers/no-cross-layer-imports': 'error',
      'layers/component-file-names': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The declarations carry zod schemas: the browser takes their types only, and their routes from Vite.
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@portal/contracts/operations',
              allowTypeImports: true,
              message: 'Import the declarations as types only (zod stays out of the bundle); call them through shared/api/operations-client.',
            },
          ],
          patterns: [
            {
              group: [
                '@portal/contracts/schemas',
                '**/libs/contracts/src/operations*',
                '**/libs/contracts/src/**/*.schemas',
                '**/libs/contracts/src/**/*.answers',
              ],
              allowTypeImports: true,
              message: 'Schemas (zod) stay out of the bundle: import their types only.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render user text as text: dangerouslySetInnerHTML is not allowed.',
        },
      ],
    },
  },
  {
    files: ['web/**/*.{js,mjs}', 'bench/web-bundle.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ['web/*.{ts,js}', 'stories/.storybook/main.ts'],
    languageOptions: { globals: { ...globals.node } },
    // The build reads the operations' routes from the declarations themselves.
    rules: { '@typescript-eslint/no-restricted-imports': 'off' },
  },
);
