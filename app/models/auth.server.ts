// Client of the auth service (/ads/ad-auth).
import type { AppLoadContext } from '@remix-run/node'
import type { PincodeResult, SessionInfo } from '../../platform/contracts/auth'
import { createUpstreamClient, transportFor } from './upstream.server'

export function authApi(context: Pick<AppLoadContext, 'platformFetch' | 'requestId'>, token?: string | null) {
  const client = createUpstreamClient(transportFor(context, 'auth'), { token, requestId: context.requestId })
  return {
    /** Who is behind the token; fails when the session is gone (revoked, expired, logged in elsewhere). */
    session: () => client.get<SessionInfo>('/v1/session'),
    validateToken: (token: string, ipAddress?: string | null) =>
      client.get<{ token: string; userId: number; role: string; expireTime: string }>('/v1/validateToken', {
        query: { token, ipAddress },
      }),
    /** The seller or brand account the caller may work for; refused (403) otherwise. */
    account: (id: string) =>
      client.get<{ id: number; kind: 'SELLER' | 'BRAND'; name: string }>(`/v1/accounts/${id}`),
    logout: () => client.post<null>('/v1/logout'),
    pincodes: (list: string[]) =>
      client.get<PincodeResult[]>('/v1/pincodes/fetch', { query: { pincodes: list.join(',') } }),
  }
}
