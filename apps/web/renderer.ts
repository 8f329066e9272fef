import type { Alias } from 'vite';

/**
 * The app is written against React's API and rendered by Preact's compatibility layer
 * (`preact/compat`) in the build and the unit tests. React DOM was 63 KB of the entry's 146 KB
 * (gzip), more than half of what a phone had to download and run before the first screen; Preact
 * with its compatibility layer is 12 KB. React Router, React Query, react-i18next, react-hook-form
 * and Radix's dialog all run on it, and TypeScript still checks the code against React's types.
 *
 * The dev server keeps React for its fast refresh, which hooks into React's own internals.
 */
export const preactAliases: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  // Testing Library's `act` comes from here when React itself exports none, as Preact's compat does not.
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react$/, replacement: 'preact/compat' },
  // react-i18next's shim of this hook for React 17: Preact's compat has the hook itself, so the build
  // leaves the shim out, and the unit tests never run its CommonJS `require('react')`, which no alias
  // reaches.
  { find: /^use-sync-external-store\/shim$/, replacement: 'preact/compat' },
];

/**
 * One Preact for every importer. An alias resolves from the module that imports, so a library
 * that found another copy of Preact beside it (PostHog's surveys bring one) would render with a
 * second instance that shares no hooks or context with the app's, and the page would stay empty.
 */
export const preactDedupe = ['preact'];
