// Hourly: refresh the planner statistics (PGlite has no autovacuum; on PostgreSQL it is harmless).
import { refreshStatistics } from '../db/statistics'
import type { JobDefinition } from '.'
import { RETRY_HOURLY } from './boss'

export const statistics: JobDefinition = {
  name: 'planner-statistics',
  cron: '41 * * * *',
  retry: RETRY_HOURLY,
  async run(deps) {
    return { ms: await refreshStatistics(deps.database) }
  },
}
