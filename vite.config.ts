import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      '@runtime': r('./src/runtime/index.ts'),
      '@common': r('./common'),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    chunkSizeWarningLimit: 2000,
    rolldownOptions: {
      treeshake: {
        // src/runtime is reached through one barrel (@runtime) and its modules do nothing when
        // imported, so unused re-exports must not drag refine, RJSF or antd Tree into the login
        // chunk. (Without this, every module behind the barrel lands in the entry chunk.)
        moduleSideEffects: [{ test: /[\\/]src[\\/]runtime[\\/].*\.tsx?$/, sideEffects: false }],
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:8080',
      '/robot': 'http://127.0.0.1:8080',
      '/config.json': 'http://127.0.0.1:8080',
      '/ws': { target: 'ws://127.0.0.1:8080', ws: true },
    },
  },
});
