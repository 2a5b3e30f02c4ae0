// The inventory service (/ads/ad-inventory): campaigns, ad groups, catalog, analytics, metadata.
import { requireAuth } from '../auth/authorize'
import type { PlatformDeps } from '../deps'
import { createService } from '../http'
import { adGroupEditorRoutes } from './adgroup-editor'
import { campaignEditorRoutes } from './campaign-editor'
import { campaignRoutes } from './campaigns'
import { catalogRoutes } from './catalog'
import { metadataRoutes } from './metadata'
import { adGroupReadRoutes } from './adgroup-read'

export const INVENTORY_BASE = '/ads/ad-inventory'

export function createInventoryService(deps: PlatformDeps) {
  const app = createService(INVENTORY_BASE, deps)
  // Every inventory call needs a signed-in caller; resources are added area by area.
  app.use('*', requireAuth())
  app.route('/', campaignRoutes(deps))
  app.route('/', catalogRoutes(deps))
  app.route('/', adGroupReadRoutes(deps))
  app.route('/', campaignEditorRoutes(deps))
  app.route('/', adGroupEditorRoutes(deps))
  app.route('/', metadataRoutes(deps))
  return app
}
