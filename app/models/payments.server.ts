// Client of the payment service (/ads/ad-payments): credits, payments, billing reports.
import type { AppLoadContext } from '@remix-run/node'
import { createUpstreamClient, transportFor } from './upstream.server'

export function paymentsApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  return createUpstreamClient(transportFor(context, 'payments'), { token, requestId: context.requestId })
}
