import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { routePreloadsPlugin } from './build/routePreloads.ts';

export default defineConfig({
  // Every text asset also gets .gz and .br siblings at build time; the server sends the one the
  // browser accepts (docs/decisions/0006-precompressed-assets.md).
  plugins: [
    react(),
    compression({ algorithms: ['gzip', 'brotliCompress'] }),
    // dist/route-preloads.json: what each route's document preloads (decision 0069).
    routePreloadsPlugin(),
  ],
  build: {
    target: 'es2020',
    // No source maps in the shipped build: they hand out the readable source (review L8).
    sourcemap: false,
    // Keep the initial load small: every page is its own lazily loaded chunk.
    chunkSizeWarningLimit: 300,
  },
  server: {
    proxy: { '/api': 'http://localhost:8080', '/healthz': 'http://localhost:8080' },
  },
});
