// Every minute: the campaign list's summed date ranges follow the IST day (a no-op while they are current).
import { ensureCampaignWindows } from '../inventory/campaign-windows'
import type { JobDefinition } from '.'
import { RETRY_EVERY_MINUTE } from './boss'

export const campaignWindows: JobDefinition = {
  name: 'campaign-windows',
  cron: '* * * * *',
  retry: RETRY_EVERY_MINUTE,
  async run(deps) {
    return ensureCampaignWindows(deps.database, deps.now())
  },
}
