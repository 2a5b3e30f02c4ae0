// getDefaultReport, getFilters, generateReport, getReport (spec accounts §7 "Analytics calls"): every
// figure comes from the report engine (report-engine.ts, docs/decisions/038). All need a signed-in
// caller; each call checks the advertiser (userId) itself.
import { and, asc, eq, isNull, sql } from 'drizzle-orm'
import { Hono } from 'hono'
import { z } from 'zod/v4'
import { assertMayActFor, requireAuth } from '../auth/authorize'
import {
  type DefaultReportsResponse,
  DIMENSIONS,
  type FiltersResponse,
  filterChosenSchema,
  filterFindSchema,
  filtersQuerySchema,
  getReportQuerySchema,
  METRICS,
  pageQuerySchema,
  REPORT_CATALOGUE,
  REPORT_DATE_FILTER_LABELS,
  REPORT_DATE_FILTER_TYPES,
  REPORT_FILTERS,
  REPORT_TYPES,
  type ReportRequest,
  reportRequestSchema,
  type ReportTable,
} from '../contracts/analytics'
import { idParamSchema } from '../contracts/inventory'
import { campaigns, reportEntities } from '../db/schema'
import type { PlatformDeps } from '../deps'
import { notFound } from '../errors'
import { type Env, ok } from '../http'
import { isAdminRole } from '../rules/roles'
import { type FilterSearch, shownFilterLists } from './filter-values'
import {
  REPORT_PLACEMENTS,
  REPORT_STATUS_STATES,
  REPORT_TARGETING_TYPES,
  reportTable,
  resolveReport,
} from './report-engine'

export const REPORTS_PATH = '/v1/analytics'
const defaultReportQuerySchema = z.object({ userId: idParamSchema.optional() })

export function reportRoutes(deps: PlatformDeps) {
  const app = new Hono<Env>()
  const db = () => deps.database.db

  // The default-report types (all eight for staff; staff-only types hidden from others) and durations.
  app.get(`${REPORTS_PATH}/getDefaultReport`, requireAuth(), async (c) => {
    defaultReportQuerySchema.parse(c.req.query())
    const staff = isAdminRole(c.get('auth').user.role)
    const data: DefaultReportsResponse = {
      reportTypes: REPORT_TYPES.filter((type) => staff || !REPORT_CATALOGUE[type].staffOnly).map((type) => ({
        reportType: type,
        label: REPORT_CATALOGUE[type].label,
        description: REPORT_CATALOGUE[type].description,
      })),
      dateFilterTypes: REPORT_DATE_FILTER_TYPES.map((value) => ({
        value,
        label: REPORT_DATE_FILTER_LABELS[value],
      })),
    }
    return ok(c, data)
  })

  // The advertiser's filter values and the type's fields.
  app.get(`${REPORTS_PATH}/getFilters`, requireAuth(), async (c) => {
    const query = filtersQuerySchema.parse(c.req.query())
    const auth = c.get('auth')
    await assertMayActFor(db(), auth, query.userId)
    const entry = REPORT_CATALOGUE[query.reportType]
    const fixed = {
      CAMPAIGN_STATUS: Object.keys(REPORT_STATUS_STATES).map((value) => ({ value, label: value })),
      PLACEMENT_CATEGORY: Object.entries(REPORT_PLACEMENTS).map(([value, label]) => ({ value, label })),
      TARGETING_TYPE: REPORT_TARGETING_TYPES.map((value) => ({ value, label: value })),
    }
    let lists: Pick<FiltersResponse, 'filters' | 'counts'>
    if (query.shown !== undefined) {
      // Shown mode (decision 066): each filter's search and chosen values, then only what a form shows.
      const search = {} as FilterSearch
      for (const name of REPORT_FILTERS) {
        search[name] = {
          find: filterFindSchema.parse(c.req.query(`find.${name}`)),
          chosen: new Set(filterChosenSchema.parse(c.req.queries(`chosen.${name}`) ?? [])),
        }
      }
      lists = await shownFilterLists(db(), query.userId, query.shown, search, fixed)
    } else {
      const own = await db()
        .select({ id: campaigns.id, name: campaigns.name, createdBy: campaigns.campaignCreatedBy })
        .from(campaigns)
        .where(and(eq(campaigns.sellerId, query.userId), isNull(campaigns.deletedAt)))
        .orderBy(asc(campaigns.name), asc(campaigns.id))
      const creators = [...new Set(own.map((c) => c.createdBy).filter((v): v is string => Boolean(v)))].sort()
      lists = {
        filters: {
          CAMPAIGN_ID: own.map((c) => ({ value: String(c.id), label: c.name })),
          ...fixed,
          CREATED_BY: creators.map((value) => ({ value, label: value })),
        },
      }
    }
    const data: FiltersResponse = {
      ...lists,
      dimensions: entry.dimensions.map((name) => ({
        name,
        label: DIMENSIONS[name].label,
        default: entry.defaultDimensions.includes(name),
      })),
      metrics: entry.metrics.map((name) => ({
        name,
        label: METRICS[name].label,
        disabled: 'disabled' in METRICS[name],
      })),
    }
    return ok(c, data)
  })

  // A report computed now from the daily rollup, one page of it (not stored).
  app.post(`${REPORTS_PATH}/generateReport`, requireAuth(), async (c) => {
    const query = pageQuerySchema.parse(c.req.query())
    const body = reportRequestSchema.parse(await c.req.json())
    const report = await resolveReport(db(), c.get('auth'), query.userId, body, deps.now())
    const data: ReportTable = await reportTable(db(), report, query)
    return ok(c, data)
  })

  // A saved report's definition computed now (404 unless it is the advertiser's and not deleted).
  app.get(`${REPORTS_PATH}/getReport`, requireAuth(), async (c) => {
    const query = getReportQuerySchema.parse(c.req.query())
    const auth = c.get('auth')
    await assertMayActFor(db(), auth, query.userId)
    const [entity] = await db()
      .select()
      .from(reportEntities)
      .where(
        and(
          eq(reportEntities.reportEntityId, query.reportEntityId),
          isNull(reportEntities.deletedAt),
          sql`(${reportEntities.sellerId} = ${query.userId} or (${reportEntities.sellerId} is null and ${reportEntities.ownerUserId} = ${auth.user.id}))`,
        ),
      )
      .limit(1)
    if (!entity) throw notFound('Report')
    const request: ReportRequest = reportRequestSchema.parse({
      reportType: entity.reportType,
      dateFilter: entity.dateFilter,
      dimensionFields: entity.dimensionFields,
      metricFields: entity.metricFields,
      // Stored filters may name only some filters; the request's record names each (null: none).
      filters: entity.filters
        ? { ...Object.fromEntries(REPORT_FILTERS.map((name) => [name, null])), ...entity.filters }
        : null,
    })
    const report = await resolveReport(db(), auth, query.userId, request, deps.now())
    const data: ReportTable = await reportTable(db(), report, query)
    return ok(c, data)
  })

  return app
}
