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
    // The whole route manifest is a few KiB: sending it up front saves a /__manifest round trip per navigation.
    v3_lazyRouteDiscovery: false,
  },
}
