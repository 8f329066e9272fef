import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const serverPort = process.env.PORT ?? '8080';
const server = `http://127.0.0.1:${serverPort}`;

export default defineConfig({
  plugins: [react()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, chunkSizeWarningLimit: 400 },
  // `npm run dev -w apps/web` beside a running `npm start`: the API, identity and config come from it.
  server: {
    port: 5173,
    proxy: { '/api': server, '/identity': server, '/v0.1': server, '/meta': server },
  },
});
