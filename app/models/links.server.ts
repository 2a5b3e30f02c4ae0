// Client of the link calls of the auth service (spec accounts §7; decision 036), typed and parsed by
// platform/contracts/links.ts.
import type { AppLoadContext } from '@remix-run/node'
import {
  delinkRequestItemSchema,
  delinkRequestListingSchema,
  delinkRowSchema,
  linkHistoryPageSchema,
  linkRequestListingSchema,
  linkRowSchema,
} from '../../platform/contracts/links'
import type { ApprovalStatus } from '../../platform/rules/links'
import { createUpstreamClient, transportFor } from './upstream.server'

export function linksApi(
  context: Pick<AppLoadContext, 'platformFetch' | 'requestId' | 'clientIp'>,
  token: string,
) {
  const api = createUpstreamClient(transportFor(context, 'auth'), {
    token,
    requestId: context.requestId,
    ipAddress: context.clientIp ?? null,
  })
  return {
    requestLink: (brandId: string) =>
      api.post('/v1/brand/link-request', { query: { brandId }, response: linkRowSchema }),
    decideLink: (agencyId: number, approvalStatus: ApprovalStatus) =>
      api.post('/v1/brand/link', { query: { agencyId, approvalStatus }, response: linkRowSchema }),
    requestDelink: (body: { agencyId: string; brandId: string; deLinkReason: string }) =>
      api.post('/v1/brand/de-link-request', { json: body, response: delinkRowSchema }),
    decideDelink: (agencyId: number, brandId: number, approvalStatus: ApprovalStatus) =>
      api.post('/v1/brand/de-link', {
        json: { agencyId, brandId, approvalStatus, isDelink: approvalStatus === 'APPROVED' },
        response: delinkRowSchema,
      }),
    linkRequests: () => api.get('/v1/link-request/listing', { response: linkRequestListingSchema }),
    delinkRequests: () => api.get('/v1/de-link-request/listing', { response: delinkRequestListingSchema }),
    delinkRequest: (id: number) =>
      api.get(`/v1/de-link-request/${id}`, { response: delinkRequestItemSchema }),
    history: (page: number, size: number) =>
      api.get('/v1/link-request/history', { query: { page, size }, response: linkHistoryPageSchema }),
    /** text/csv, passed through as it comes. */
    linkedBrandsCsv: (agencyId: number) =>
      api.raw('GET', `/v1/linkedBrands/${agencyId}`, { query: { format: 'csv' } }),
    linkedAgenciesCsv: (brandId: number) =>
      api.raw('GET', `/v1/linkedAgencies/${brandId}`, { query: { format: 'csv' } }),
  }
}
