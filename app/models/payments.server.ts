// Client of the payment service (/ads/ad-payments): credits, payments, billing reports.
// Answers are typed by, and parsed with, the contracts in platform/contracts/payments.ts.
import type { AppLoadContext } from '@remix-run/node'
import { type CreditCheck as ContractCreditCheck, creditCheckSchema } from '../../platform/contracts/payments'
import { createUpstreamClient, transportFor } from './upstream.server'

export function paymentsApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token: string) {
  return createUpstreamClient(transportFor(context, 'payments'), { token, requestId: context.requestId })
}

/** The name this module exported before the contracts existed. */
export type CreditCheck = ContractCreditCheck

/** spec campaigns §6/§7: the credits-enabled flag of an advertiser (decision 010 for the path). */
export function checkAvailableCredit(
  context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>,
  token: string,
  sellerId: number,
) {
  return paymentsApi(context, token).get('/payment/post-paid/check-available-credit', {
    query: { sellerId },
    response: creditCheckSchema,
  })
}
