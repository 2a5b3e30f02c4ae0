// Hourly: refresh the planner statistics, and vacuum the embedded database (PGlite has no autovacuum;
// on PostgreSQL the ANALYZE is harmless). Decision 068.
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
