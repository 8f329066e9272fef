import { defineProject } from 'vitest/config';
import { fileURLToPath } from 'node:url';
import { preactAliases, preactDedupe } from './renderer.ts';

export default defineProject({
  resolve: {
    alias: [{ find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) }, ...preactAliases],
    dedupe: preactDedupe,
    // A package's ES module build, as the browser build takes: the CommonJS one would `require('react')`.
    conditions: ['module', 'development|production'],
    mainFields: ['module', 'main'],
  },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/testing/setup-tests.ts'],
    // Node loads the dependencies as they are, past the aliases: those that import React go through
    // Vite instead, so that they render with Preact too, as in the build.
    server: {
      deps: {
        inline: true,
      },
    },
    // A screen test clicks through a whole page in jsdom: seconds on a loaded 2-core machine.
    testTimeout: 15_000,
  },
});
