// Campaign history (beyond the spec): who changed what and when, from the audit log, newest first.
// On the list kit: a captioned table, the pager (20 entries a page, no size choice), an empty state.
import { Link } from '@remix-run/react'
import type { historyLoader } from '../../models/campaign-page.server'
import { EmptyState, ListTable, LoadingStatus, Pager, useListPending } from '../list'
import * as styles from './campaigns.css'

export type HistoryData = Awaited<ReturnType<typeof historyLoader>>

const COLUMNS = [{ label: 'When' }, { label: 'Who' }, { label: 'What' }, { label: 'Changes' }]

export function HistoryPage({ data }: { data: HistoryData }) {
  const { campaign } = data
  const path = `${data.base}/${campaign.id}/history`
  const pending = useListPending(path)
  return (
    <section aria-labelledby="history-heading" className={styles.page}>
      <p>
        <Link to={data.base} className={styles.rowLink}>
          ← Campaigns
        </Link>
      </p>
      <h1 id="history-heading" className={styles.title}>
        History: {campaign.name}
      </h1>
      <p className={styles.muted}>
        Campaign ID {campaign.jmcampaign_id}
        {campaign.deleted ? ' · deleted' : ''} · times in IST
      </p>
      <LoadingStatus pending={pending} />
      {data.entries.length === 0 ? (
        <EmptyState title="No changes recorded yet." />
      ) : (
        <ListTable caption={`History of ${campaign.name}, newest first`} columns={COLUMNS} busy={pending}>
          {data.entries.map((entry) => (
            <tr key={entry.id} data-testid="history-row">
              <td className={styles.cell}>{entry.when}</td>
              <td className={styles.cell}>
                {entry.who}
                <br />
                <span className={styles.muted}>{entry.whoDetail}</span>
              </td>
              <td className={styles.cell}>{entry.what}</td>
              <td className={styles.cell}>
                {entry.changes.map((line) => (
                  <div key={line}>{line}</div>
                ))}
              </td>
            </tr>
          ))}
        </ListTable>
      )}
      {data.totalPages > 1 ? (
        <Pager
          page={data.page}
          totalPages={data.totalPages}
          pageLink={(page) => `${path}${page > 1 ? `?page=${page}` : ''}`}
        />
      ) : null}
    </section>
  )
}
