// The campaign routes of the inventory service (spec campaigns §2-§4, §7), one file per area. Every
// call resolves the campaign's or the userId's advertiser and checks mayActFor first.
import { Hono } from 'hono'
import type { PlatformDeps } from '../deps'
import type { Env } from '../http'
import { campaignActionRoutes } from './campaign-actions'
import { campaignCloneRoutes } from './campaign-clone'
import { campaignDownloadRoutes } from './campaign-download'
import { campaignHistoryRoutes } from './campaign-history'
import { campaignListRoutes } from './campaign-list'
import { campaignStatsRoutes } from './campaign-stats'
import { campaignViewRoutes } from './campaign-view'

export function campaignRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  app.route('/', campaignListRoutes(deps))
  app.route('/', campaignDownloadRoutes(deps))
  app.route('/', campaignStatsRoutes(deps))
  app.route('/', campaignViewRoutes(deps))
  app.route('/', campaignActionRoutes(deps))
  app.route('/', campaignCloneRoutes(deps))
  app.route('/', campaignHistoryRoutes(deps))
  return app
}
