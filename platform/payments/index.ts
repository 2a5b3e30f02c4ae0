// The payment service (/ads/ad-payments): credit limits, payments, promo credits, credit checks.
import type { PlatformDeps } from '../deps'
import { createService } from '../http'
import { requireAuth } from '../auth/authorize'
import { billingReportRoutes } from './billing-reports'
import { billingUploadRoutes } from './billing-uploads'
import { creditRoutes } from './credits'

export const PAYMENTS_BASE = '/ads/ad-payments'

export function createPaymentsService(deps: PlatformDeps) {
  const app = createService(PAYMENTS_BASE, deps)
  app.use('*', requireAuth())
  app.route('/', creditRoutes(deps))
  app.route('/', billingUploadRoutes(deps))
  app.route('/', billingReportRoutes(deps))
  return app
}
