// Run from the repository root (see the "lint" script) so that web/ and stories/ share one config.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const FEATURES = ['auth', 'online', 'rewards', 'info'];

/** web/src/features/<a> may import only itself and shared/: never another feature, never app/. */
const featureBoundaries = FEATURES.map((feature) => ({
  files: [`web/src/features/${feature}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: `(^|/)features/(?!${feature}(/|$))[^/]+`,
            message: `Feature "${feature}" may not import another feature; move shared code to web/src/shared.`,
          },
          { regex: '(^|/)app/', message: 'Features may not import the app shell.' },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  { ignores: ['web/dist/**', '**/storybook-static/**', 'web/node_modules/**', 'web/e2e/**'] },
  {
    files: ['web/**/*.{ts,tsx}', 'stories/**/*.{ts,tsx}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'Render user text as text: dangerouslySetInnerHTML is not allowed.',
        },
      ],
    },
  },
  ...featureBoundaries,
  {
    files: ['web/src/shared/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '(^|/)(features|app)/', message: 'shared/ is the bottom layer: it may not import features or the app.' }] },
      ],
    },
  },
  {
    files: ['web/*.{ts,js}', 'web/e2e/**/*.mjs', 'stories/.storybook/main.ts', 'bench/**/*.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
);
