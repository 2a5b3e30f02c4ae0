// Bundles the server entry to build/server/index.js and the server it loads (Express + platform) to
// build/server/main.js (decision 082, stop 30), and beside them the render threads' entry
// (build/server/render-thread.js, decision 078), the embedded database's process
// (build/server/pglite-child.js, which platform/db/pglite-process.ts forks from the built server;
// decision 057) and the chunks of modules they share (chunk-*.js). Packages stay external (PGlite must
// load its .wasm/.data files from node_modules).
import { build, stop } from 'esbuild'

try {
  await build({
    entryPoints: {
      index: 'server/index.ts',
      main: 'server/main.ts',
      'render-thread': 'server/render-thread.ts',
      'pglite-child': 'platform/db/pglite-child.ts',
    },
    outdir: 'build/server',
    bundle: true,
    platform: 'node',
    format: 'esm',
    // Modules the entries share (the log, the configuration, the data directory's lock…) go into chunks
    // of their own: the entry and the server it loads, one thread, hold one copy of each, not two.
    splitting: true,
    // Beside the entries, so a module that finds its siblings from its own place (pglite-process.ts) does.
    chunkNames: '[name]-[hash]',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
} finally {
  // End esbuild's service process before Node exits, rather than leave it to notice (decision 020).
  await stop()
}
