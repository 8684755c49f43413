import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

// The operator console is served by the server under /admin (docs/operator-console.md); its own
// bundle, never part of the shopper's app.
export default defineConfig({
  base: '/admin/',
  plugins: [react(), compression({ algorithms: ['gzip', 'brotliCompress'] })],
  build: {
    target: 'es2020',
    sourcemap: false,
    // A desktop admin: antd and the charts are large; pages are still split per route.
    chunkSizeWarningLimit: 1500,
  },
  server: { proxy: { '/admin/api': 'http://localhost:8080' } },
});
