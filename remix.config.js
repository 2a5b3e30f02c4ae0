/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/*.css.ts'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // The platform is reached through the load context, never bundled into the console.
  serverDependenciesToBundle: [],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_singleFetch: true,
    // Each page carries only its own routes' manifest entries, inline, instead of the whole manifest
    // file (3 KiB of JS on every page, growing with every route); links on the page are discovered in
    // one batched /__manifest request after load (docs/decisions/044).
    v3_lazyRouteDiscovery: true,
  },
}
