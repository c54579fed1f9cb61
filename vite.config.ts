import { execFile } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { defineConfig, type LogLevel, type Plugin, type Rolldown } from 'vite';
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

/**
 * Preloads the console's code from the first response (issue 23): a console address (any path but
 * the login page's "/") otherwise fetches the entry, runs it, then asks for console-root and its
 * imports, then for the list page's: a chain of round trips before the first table cell. A small
 * inline script adds <link rel=modulepreload> for those chunks (and their CSS) at once: the
 * console's on every console address, the list page's under /home/ only; the login page loads
 * nothing more than before.
 */
/** The plugins' page paths, read from their registration files (plugins/<id>/index.ts: `path: '/…'`). */
function pluginPaths(): string[] {
  const dir = r('./plugins');
  const out = new Set<string>();
  for (const id of fs.readdirSync(dir)) {
    for (const f of ['index.ts', 'index.tsx']) {
      const file = path.join(dir, id, f);
      if (!fs.existsSync(file)) continue;
      for (const m of fs.readFileSync(file, 'utf8').matchAll(/\bpath:\s*'(\/[^']*)'/g)) out.add(m[1]!.replace(/\/+$/, ''));
    }
  }
  return [...out].sort();
}

/** The modules whose chunks start the console and the generated list page. */
const CONSOLE_ROOT = /src[\\/]pages[\\/]console[\\/]console-root\.tsx$/;
const LIST_PAGE = /src[\\/]runtime[\\/]schema[\\/]pages[\\/]entity-list-page\.tsx$/;
/** The console's default page (console-root's DEFAULT_HOME_PAGE): what the list page shares with it is a chunk of its own. */
const HOME_PAGE = /plugins[\\/]telecontrol[\\/]telecontrol-page\.tsx$/;

/** Adds to `into` the chunk `root` and every chunk it imports statically, stopping at those in `skip`. */
function chunkClosure(bundle: Rolldown.OutputBundle, root: string | undefined, into = new Set<string>(), skip: ReadonlySet<string> = new Set()): Set<string> {
  const stack = root ? [root] : [];
  while (stack.length) {
    const file = stack.pop()!;
    const c = bundle[file];
    if (into.has(file) || skip.has(file) || c?.type !== 'chunk') continue;
    into.add(file);
    stack.push(...c.imports);
  }
  return into;
}

function consolePreload(): Plugin {
  return {
    name: 'fc-console-preload',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
        const inEntry = chunkClosure(bundle, chunks.find((c) => c.isEntry)?.fileName);
        // The console's closure on every console address; the list page's only under /home/ and not
        // on a plugin page (telecontrol, the video wall, dashboards …), which would otherwise queue
        // ~40 chunks it never runs ahead of its own (HTTP/1.1: 6 connections per host).
        // The chunk the page's module starts (its facade), or the start-up chunk that holds it.
        const closureOf = (re: RegExp) =>
          chunkClosure(bundle, (chunks.find((c) => c.facadeModuleId && re.test(c.facadeModuleId)) ?? chunks.find((c) => c.moduleIds.some((id) => re.test(id))))?.fileName);
        const consoleJs = [...closureOf(CONSOLE_ROOT)].filter((f) => !inEntry.has(f));
        const listJs = [...closureOf(LIST_PAGE)].filter((f) => !inEntry.has(f) && !consoleJs.includes(f));
        const cssOf = (files: string[]) => {
          const css = new Set<string>();
          for (const f of files) {
            const c = bundle[f];
            if (c?.type === 'chunk') for (const s of c.viteMetadata?.importedCss ?? []) css.add(s);
          }
          return [...css];
        };
        if (!consoleJs.length && !listJs.length) return [];
        const base = '/';
        const urls = (files: string[]) => JSON.stringify(files.map((f) => base + f));
        const code =
          `(function(h,p){if(p==='/')return;` +
          `function js(f){var l=document.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;h.appendChild(l)}` +
          `function css(f){var l=document.createElement('link');l.rel='preload';l.as='style';l.crossOrigin='';l.href=f;h.appendChild(l)}` +
          `${urls(consoleJs)}.forEach(js);${urls(cssOf(consoleJs))}.forEach(css);` +
          `if(p.indexOf('/home/')===0&&${JSON.stringify(pluginPaths())}.indexOf(p.replace(/\\/+$/,''))<0){${urls(listJs)}.forEach(js);${urls(cssOf(listJs))}.forEach(css)}` +
          `})(document.head,location.pathname)`;
        return [{ tag: 'script', children: code, injectTo: 'head' }];
      },
    },
  };
}

/**
 * antd's styles of the console's start-up components as one CSS file per skin, made at build time
 * by scripts/antd-styles.ts (issue 23: antd otherwise builds and injects them in the browser, about
 * a quarter of a page's start-up CPU). The script runs in a child process beside the build, with
 * NODE_ENV=production so its class hashes are those of the built console. index.html's inline script
 * links the file of the remembered skin on console addresses (the first stylesheet in <head>, before
 * the console's own; the login page only prefetches it) and leaves a promise the entry waits for
 * before its first render (src/main.tsx): antd reads the file's map once, on its first render.
 */
function antdStaticStyles(): Plugin {
  // Made once per build process: the second pass of startUpChunks (a fresh load of this file) takes
  // the first pass's files instead of rendering antd again.
  const shared = globalThis as { __fcAntdStyles?: Promise<Record<string, { fileName: string; source: Buffer }>> };
  const make = () =>
    (shared.__fcAntdStyles ??= new Promise((resolve, reject) => {
      const out = fs.mkdtempSync(path.join(os.tmpdir(), 'fc-antd-css-'));
      execFile(
        process.execPath,
        ['--import', 'tsx', r('./scripts/antd-styles.ts'), out],
        { cwd: r('.'), env: { ...process.env, NODE_ENV: 'production' }, maxBuffer: 1 << 20 },
        (err, stdout) => {
          if (err) return reject(new Error(`antd styles: ${err.message}`));
          const files = JSON.parse(stdout) as Record<string, string>;
          const result: Record<string, { fileName: string; source: Buffer }> = {};
          for (const [skin, file] of Object.entries(files)) {
            const source = fs.readFileSync(file);
            const hash = crypto.createHash('sha256').update(source).digest('base64url').slice(0, 10);
            result[skin] = { fileName: `assets/antd-${skin}-${hash}.css`, source };
          }
          fs.rmSync(out, { recursive: true, force: true });
          resolve(result);
        },
      );
    }));
  return {
    name: 'fc-antd-static-styles',
    apply: 'build',
    buildStart() {
      void make().catch(() => undefined);
    },
    async generateBundle() {
      for (const f of Object.values(await make())) this.emitFile({ type: 'asset', fileName: f.fileName, source: f.source });
    },
    transformIndexHtml: {
      order: 'post',
      async handler() {
        const files = await make();
        const href = Object.fromEntries(Object.entries(files).map(([skin, f]) => [skin, `/${f.fileName}`]));
        // The skin as src/runtime/skin/skin.ts keeps it (JSON in localStorage under fc.skin; light by default).
        const code =
          `(function(h){var s;try{s=JSON.parse(localStorage.getItem('fc.skin'))}catch(e){}` +
          `var f=${JSON.stringify(href)},l=document.createElement('link');l.href=f[s]||f.light;` +
          // The login page draws a few components only: it fetches the file for the console's next load.
          `if(location.pathname==='/'){l.rel='prefetch';l.as='style';h.appendChild(l);return}` +
          `l.rel='stylesheet';l.setAttribute('blocking','render');` +
          `window.__fcStyles=new Promise(function(r){l.onload=l.onerror=function(){r(null)}});h.insertBefore(l,h.firstChild)` +
          `})(document.head)`;
        return [{ tag: 'script', children: code, injectTo: 'head-prepend' }];
      },
    },
  };
}

/**
 * The console's start-up code in a few files instead of ~80 (issue 23). Rolldown cuts one chunk per
 * set of importers, so a console address asked for ~110 files (an icon, a 1 KB antd helper …) over
 * HTTP/1.1's 6 connections, each a turn in the queue. Which modules a page really runs is known only
 * after tree-shaking (the `@runtime` and antd barrels reach everything statically), so the build
 * runs twice: the first build's chunks tell which modules the console's start-up (console-root's
 * closure) and the generated list page's take beyond the login page's; the second build puts each set
 * in one chunk (`console-start`, `list-start`; what the list shares with the default page in
 * `shared-start`) and pins every chunk of the login page's closure as it
 * was, so the login page loads exactly what it did. `FC_START_UP_GROUPS` names the first build's
 * answer for the second; `FC_SPLIT_START_UP=0` keeps one build (and Rolldown's cut).
 */
const START_UP_GROUPS = process.env.FC_START_UP_GROUPS;

function startUpGroups(): Map<string, string> | null {
  if (!START_UP_GROUPS) return null;
  return new Map(Object.entries(JSON.parse(fs.readFileSync(START_UP_GROUPS, 'utf8')) as Record<string, string>));
}

function startUpChunks(): Plugin {
  let groups: Record<string, string> | null = null;
  let outDir = '';
  let logLevel: LogLevel = 'info';
  let mode = 'production';
  let sourcemap: boolean | 'inline' | 'hidden' = false;
  return {
    name: 'fc-start-up-chunks',
    apply: (_config, env) => env.command === 'build' && !START_UP_GROUPS && process.env.FC_SPLIT_START_UP !== '0',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      logLevel = config.logLevel ?? 'info';
      mode = config.mode;
      sourcemap = config.build.sourcemap;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter((c) => c.type === 'chunk');
      const rootOf = (re: RegExp) => chunks.find((c) => c.facadeModuleId && re.test(c.facadeModuleId))?.fileName;
      // The login page's closure: the entry's, and that of every chunk the entry loads on its own
      // (the login, 404 and 500 pages, the languages' texts) but the console's.
      const consoleRoot = rootOf(CONSOLE_ROOT);
      const entry = chunkClosure(bundle, chunks.find((c) => c.isEntry)?.fileName);
      const login = new Set(entry);
      for (const f of entry) {
        const c = bundle[f];
        if (c?.type === 'chunk') for (const d of c.dynamicImports) if (d !== consoleRoot) chunkClosure(bundle, d, login);
      }
      const consoleStart = chunkClosure(bundle, consoleRoot, new Set(), login);
      const listStart = chunkClosure(bundle, rootOf(LIST_PAGE), new Set(), new Set([...login, ...consoleStart]));
      if (!consoleStart.size || !listStart.size) return;
      // The part of it the default page (telecontrol) also runs, with the parts that page loads lazily
      // (its status panel), is a chunk of its own: that page does not load the list's table, form and
      // filters with it.
      const homeRoot = rootOf(HOME_PAGE);
      const home = chunkClosure(bundle, homeRoot, new Set(), new Set([...login, ...consoleStart]));
      const homeChunk = homeRoot ? bundle[homeRoot] : undefined;
      if (homeChunk?.type === 'chunk') for (const d of homeChunk.dynamicImports) chunkClosure(bundle, d, home, new Set([...login, ...consoleStart]));
      const sharedStart = new Set([...listStart].filter((f) => home.has(f)));
      groups = {};
      const put = (files: Set<string>, name: (c: { name: string }) => string) => {
        for (const f of files) {
          const c = bundle[f];
          if (c?.type !== 'chunk') continue;
          const group = name(c);
          for (const id of c.moduleIds) groups![id] = group;
        }
      };
      // The entry's static closure (every page loads all of it) as one chunk; the chunks the login page
      // loads on its own stay as they are, each pinned under its own name (two chunks of one name would
      // otherwise become one group).
      put(entry, () => 'pin:index');
      const seen = new Map<string, number>([['index', 1]]);
      put(new Set([...login].filter((f) => !entry.has(f))), (c) => {
        const n = (seen.get(c.name) ?? 0) + 1;
        seen.set(c.name, n);
        return `pin:${n === 1 ? c.name : `${c.name}${n}`}`;
      });
      put(consoleStart, () => 'console-start');
      put(sharedStart, () => 'shared-start');
      put(new Set([...listStart].filter((f) => !sharedStart.has(f))), () => 'list-start');
    },
    async closeBundle() {
      if (!groups) return;
      const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'fc-start-up-')), 'groups.json');
      fs.writeFileSync(file, JSON.stringify(groups));
      process.env.FC_START_UP_GROUPS = file;
      try {
        const { build } = await import('vite');
        // The first build's command-line choices (out folder, log level, mode, source maps) hold for the second.
        await build({ configFile: r('./vite.config.ts'), logLevel, mode, build: { outDir, emptyOutDir: true, sourcemap } });
      } finally {
        delete process.env.FC_START_UP_GROUPS;
        fs.rmSync(path.dirname(file), { recursive: true, force: true });
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress(), consolePreload(), antdStaticStyles(), startUpChunks()],
  resolve: {
    alias: {
      '@runtime': r('./src/runtime/index.ts'),
      '@common': r('./common'),
    },
  },
  build: {
    outDir: 'dist',
    sourcemap: false,
    // Monaco with its JSON language (~2.7 MB, 0.7 MB gzip) is one lazy chunk, loaded only by the form
    // designer's JSON dialog; the warning would otherwise print on every build (twice: see startUpChunks).
    chunkSizeWarningLimit: 3000,
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
      output: {
        codeSplitting: {
          groups: [
            { name: textsChunk, debugName: 'texts', priority: 6 },
            // The second build's start-up chunks (startUpChunks above; none in the first): the login page's
            // chunks pinned first, so that no start-up chunk takes one of their modules as a dependency.
            ...((g) =>
              g
                ? [
                    { name: (id: string) => (g.get(id)?.startsWith('pin:') ? g.get(id)!.slice(4) : null), debugName: 'login', priority: 5, includeDependenciesRecursively: false },
                    ...['console-start', 'shared-start', 'list-start'].map((name, i) => ({ name: (id: string) => (g.get(id) === name ? name : null), debugName: name, priority: 4 - i })),
                  ]
                : [])(startUpGroups()),
          ],
        },
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
