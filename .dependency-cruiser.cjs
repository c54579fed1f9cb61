/** Dependency rules of ARCHITECTURE.md, checked in CI by `npm test`. */
module.exports = {
  forbidden: [
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
    {
      name: 'runtime-stays-generic',
      comment: 'src/runtime imports no plugin, no page, no form-designer file',
      severity: 'error',
      from: { path: '^src/runtime' },
      to: { path: '^(plugins|src/pages|src/form-designer)/' },
    },
    {
      name: 'plugin-uses-public-runtime-only',
      comment: 'a plugin imports only @runtime (src/runtime/index.ts), common/ and libraries',
      severity: 'error',
      from: { path: '^plugins/' },
      to: { path: '^src/', pathNot: '^src/runtime/index\\.ts$' },
    },
    {
      name: 'no-plugin-to-plugin',
      severity: 'error',
      from: { path: '^plugins/([^/]+)/' },
      to: { path: '^plugins/', pathNot: '^plugins/$1/' },
    },
    {
      name: 'browser-never-imports-server',
      severity: 'error',
      from: { path: '^(src|plugins)/' },
      to: { path: '^server/' },
    },
    {
      name: 'server-never-imports-browser',
      severity: 'error',
      from: { path: '^server/' },
      to: { path: '^(src|plugins)/|node_modules/(react|react-dom|antd|@refinedev|@rjsf)/' },
    },
    {
      name: 'common-is-pure',
      comment: 'common/ is shared by both sides: no React, no Node built-ins, no server or browser code',
      severity: 'error',
      from: { path: '^common/' },
      to: { path: '^(src|plugins|server)/|node_modules/(react|react-dom|antd)/', dependencyTypes: ['local', 'npm', 'core'] },
    },
    {
      name: 'common-no-node-core',
      severity: 'error',
      from: { path: '^common/' },
      to: { dependencyTypes: ['core'] },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsConfig: { fileName: 'tsconfig.json' },
    tsPreCompilationDeps: true,
    exclude: { path: '\\.test\\.tsx?$' },
  },
};
