// Bundles the server entry (Express + platform) to build/server/index.js. Packages stay external
// (PGlite must load its .wasm/.data files from node_modules).
import { build, stop } from 'esbuild'

try {
  await build({
    entryPoints: ['server/index.ts'],
    outfile: 'build/server/index.js',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    sourcemap: true,
    logLevel: 'warning',
  })
} finally {
  // End esbuild's service process before Node exits, rather than leave it to notice (decision 020).
  await stop()
}
