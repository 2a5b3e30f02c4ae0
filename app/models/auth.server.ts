// Client of the auth service (/ads/ad-auth).
import type { AppLoadContext } from '@remix-run/node'
import {
  ACCOUNT_SEARCH_LIMIT,
  accountSchema,
  accountSearchResponseSchema,
  type ExternalLoginResponse,
  type PincodeResult,
  type SessionInfo,
  type tncRequestSchema,
} from '../../platform/contracts/auth'
import type { z } from 'zod/v4'
import { createUpstreamClient, transportFor } from './upstream.server'

export function authApi(
  context: Pick<AppLoadContext, 'platformFetch' | 'requestId' | 'clientIp'>,
  token?: string | null,
) {
  // The browser's address goes along so the platform's per-IP limits and audit log see the person, not
  // the console (the external login hand-off is rate-limited by it).
  const client = createUpstreamClient(transportFor(context, 'auth'), {
    token,
    requestId: context.requestId,
    ipAddress: context.clientIp ?? null,
  })
  return {
    /** Who is behind the token; fails when the session is gone (revoked, expired, logged in elsewhere). */
    session: () => client.get<SessionInfo>('/v1/session'),
    validateToken: (token: string, ipAddress?: string | null) =>
      client.get<{ token: string; userId: number; role: string; expireTime: string }>('/v1/validateToken', {
        query: { token, ipAddress },
      }),
    /** The seller or brand account the caller may work for; refused (403) otherwise. */
    account: (id: string) => client.get(`/v1/accounts/${id}`, { response: accountSchema }),
    /** The accounts the caller may act for whose name holds `search` or whose id starts with it. */
    accounts: (search: string, limit = ACCOUNT_SEARCH_LIMIT) =>
      client.get('/v1/accounts', { query: { search, limit }, response: accountSearchResponseSchema }),
    logout: () => client.post<null>('/v1/logout'),
    pincodes: (list: string[]) =>
      client.get<PincodeResult[]>('/v1/pincodes/fetch', { query: { pincodes: list.join(',') } }),
    /** Records the signed-in user's acceptance of the terms; refused (400) unless tncAcceptance is true. */
    acceptTerms: (body: z.input<typeof tncRequestSchema>) =>
      client.post<{ tncAcceptance: boolean }>('/v1/tnc', { json: body }),
    /**
     * Redeems the seller portal's signed hand-off (the landing page's query string, passed on as is):
     * a FULL session for that seller, or 401/403 for a bad, expired or reused link.
     */
    externalLogin: (queryString: string) =>
      client.post<ExternalLoginResponse>('/v1/external/login', {
        query: Object.fromEntries(new URLSearchParams(queryString)),
      }),
  }
}
