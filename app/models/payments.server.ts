// Client of the payment service (/ads/ad-payments): credits, payments, billing reports.
import type { AppLoadContext } from '@remix-run/node'
import { createUpstreamClient, transportFor } from './upstream.server'

export function paymentsApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  return createUpstreamClient(transportFor(context, 'payments'), { token, requestId: context.requestId })
}

export type CreditCheck = { sellerId: number; totalAvailableCredit: number; creditsEnabled: boolean }

/** spec campaigns §6/§7: the credits-enabled flag of an advertiser (decision 010 for the path). */
export function checkAvailableCredit(
  context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>,
  token: string,
  sellerId: number,
) {
  return paymentsApi(context, token).get<CreditCheck>('/payment/post-paid/check-available-credit', {
    query: { sellerId },
  })
}
