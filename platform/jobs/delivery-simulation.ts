// Demo mode: the delivery simulator plays the last hour against running campaigns (issue 12).
import type { JobDefinition } from '.'

export const deliverySimulation: JobDefinition = {
  name: 'delivery-simulation',
  cron: '*/10 * * * *',
  async run(deps) {
    if (!deps.demoMode) return { skipped: 'not demo mode' }
    return { skipped: 'not built yet' }
  },
}
