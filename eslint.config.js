import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/**
 * The web app's import direction (apps/web/README.md): shared (components/, lib/) → features/ → app/.
 * A screen in features/ never imports another screen, nothing below app/ imports app/, and shared
 * code never imports a screen. Relative paths may not climb out of a screen's folder either, or
 * they would walk around the `@/` patterns.
 */
const web = 'apps/web/src';
const features = readdirSync(new URL(`./${web}/features/`, import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const notApp = {
  group: ['@/app', '@/app/*'],
  message: 'Only app/ composes screens; move what this needs into components/ or lib/.',
};
const notFeatures = {
  group: ['@/features', '@/features/*'],
  message: 'Shared code never imports a screen; move what both need into components/ or lib/.',
};
const notUpRelative = {
  regex: '^(\\.\\./)+(app|features)(/|$)',
  message: 'Shared code never imports app/ or a screen, by `@/` or by a relative path.',
};
const onlyOwnFeature = (feature) => ({
  group: ['@/features/*', `!@/features/${feature}`],
  message: 'A screen never imports another screen; move what both need into components/ or lib/.',
});
/** A relative path from `depth` folders below a feature's folder that climbs out of it. */
const outOfFeature = (depth) => ({
  regex: `^(\\.\\./){${depth + 1}}`,
  message: 'Outside its own folder a screen imports by `@/`, where the zones can see where it goes.',
});
const featureZones = features.flatMap((feature) =>
  [0, 1, 2, 3, 4, 5].map((depth) => ({
    files: [`${web}/features/${feature}/${'*/'.repeat(depth)}*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': ['error', { patterns: [notApp, onlyOwnFeature(feature), outOfFeature(depth)] }],
    },
  })),
);

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/migrations/**',
      'test-results/**',
      'playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      // Fastify plugins and handlers are async by contract even when they await nothing.
      '@typescript-eslint/require-await': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // React Router's loaders throw its redirect and error responses by contract.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
    },
  },
  {
    files: [`${web}/{components,lib}/**/*.{ts,tsx}`],
    rules: { 'no-restricted-imports': ['error', { patterns: [notApp, notFeatures, notUpRelative] }] },
  },
  ...featureZones,
  {
    // The core rule reads static imports only: lazy screens are app/routes.tsx's business.
    files: [`${web}/{components,lib,features}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'ImportExpression > Literal[value=/^@\\/(app|features)\\//]',
          message: 'Only app/ loads screens lazily.',
        },
      ],
    },
  },
  {
    // Assertions on mocks (`expect(deps.load).toHaveBeenCalled()`) read methods without calling them.
    files: ['**/*.test.{ts,tsx}'],
    rules: { '@typescript-eslint/unbound-method': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
