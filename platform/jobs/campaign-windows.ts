// Every minute: the campaign list's summed date ranges follow the IST day (a no-op while they are current).
import { ensureCampaignWindows } from '../inventory/campaign-windows'
import type { JobDefinition } from '.'

export const campaignWindows: JobDefinition = {
  name: 'campaign-windows',
  cron: '* * * * *',
  async run(deps) {
    return ensureCampaignWindows(deps.database, deps.now())
  },
}
