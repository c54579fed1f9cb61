import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';

const r = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Writes a gzip copy beside every compressible built file of 1 KB or more; the server hands it to
 * browsers that accept gzip (server/http/routes.ts, @fastify/static preCompressed), so an operator
 * away from the server downloads about a third of the bytes. Done once per build (~0.5 s), not per request.
 */
function precompress(): Plugin {
  return {
    name: 'fc-precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      for (const name of Object.keys(bundle)) {
        if (!/\.(js|css|json|svg|ttf)$/.test(name)) continue;
        const file = path.join(options.dir!, name);
        const raw = fs.readFileSync(file);
        if (raw.length >= 1024) fs.writeFileSync(`${file}.gz`, zlib.gzipSync(raw, { level: 9 }));
      }
    },
  };
}

/**
 * Texts come one chunk per language and source (issue 23): `texts-<lang>` the runtime's (the login
 * page needs them), `plugin-texts-<lang>` every plugin's (the console loads them after the login).
 * Without the groups each JSON file would be its own chunk.
 */
function textsChunk(id: string): string | null {
  const m = /[\\/](src[\\/]runtime[\\/]i18n|plugins[\\/][^\\/]+|src[\\/]form-designer)[\\/]locales[\\/](en|zh|ja)\.json$/.exec(id);
  if (!m) return null;
  return m[1]!.includes('runtime') ? `texts-${m[2]}` : `plugin-texts-${m[2]}`;
}

export default defineConfig({
  plugins: [react(), precompress()],
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
        moduleSideEffects: [
          { test: /[\\/]src[\\/]runtime[\\/].*\.tsx?$/, sideEffects: false },
          // @refinedev/antd's one-file bundle imports react-markdown and remark-gfm (CommonJS, so
          // kept as side effects) for its MarkdownField, which the console never renders: ~55 KB
          // of gzip (micromark, mdast, unified…) on every list page (issue 23). Pure modules.
          { test: /[\\/]node_modules[\\/](react-markdown|remark-gfm)[\\/]/, sideEffects: false },
          // @refinedev/core's one-file bundle imports papaparse (CommonJS) for useImport / useExport,
          // which the console does not use (it has its own import and export): ~7 KB gzip on every page.
          { test: /[\\/]node_modules[\\/]papaparse[\\/]/, sideEffects: false },
        ],
      },
      output: { codeSplitting: { groups: [{ name: textsChunk }] } },
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
