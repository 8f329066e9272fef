import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { eagerCompileEntry } from './compile-hints.ts';
import { precompressBuild } from './precompress.ts';
import { listRouteChunks } from './route-chunks.ts';
import { productionBuilds } from './production-builds.ts';
import { preactAliases, preactDedupe } from './renderer.ts';

const serverPort = process.env.PORT ?? '8080';
const server = `http://127.0.0.1:${serverPort}`;

export default defineConfig(({ command }) => ({
  plugins: [react(), listRouteChunks(), eagerCompileEntry(), precompressBuild()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      ...(command === 'build' ? [...productionBuilds, ...preactAliases] : []),
    ],
    dedupe: command === 'build' ? preactDedupe : [],
  },
  // Sentry's own flag: its SDK drops its debug logging from the build (the error-reporting chunk).
  define: { __SENTRY_DEBUG__: 'false' },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // No source maps in the build the server serves: they would publish the app's sources.
    sourcemap: false,
    chunkSizeWarningLimit: 400,
    // Read by `npm run bench:web` to sum what each route loads.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk beside it. Left to themselves, the
          // modules it shares with the screens became nine chunks, so a phone on HTTP/1.1's six
          // connections fetched the entry in two rounds of requests instead of one.
          groups: [{ name: 'boot', tags: ['$initial'] }],
        },
      },
    },
  },
  // `npm run dev -w apps/web` beside a running `npm start`: the API, identity and config come from it.
  server: {
    port: 5173,
    proxy: { '/api': server, '/identity': server, '/v0.1': server, '/meta': server },
  },
}));
