// The agency's Link Request page: Brand Id and 'Create request', 'View Linked Brands', and the Linking
// History (spec accounts §2 "Agency links", §4 colours, §5 messages, §9 page sizes; decision 036).
import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { LINK_HISTORY_LIST, linkHistoryListSearch } from '../../models/link-history-list'
import type { linkPageLoader } from '../../models/link-pages.server'
import { linkRequestForm } from '../../models/links.schema'
import { useZodForm } from '../../utils/use-zod-form'
import * as formStyles from '../form.css'
import { FormErrors, NativeChecksWhileLoading, TextField } from '../FormParts'
import { ListTable, listSummary } from '../list/ListTable'
import { Pager } from '../list/Pager'
import { EmptyState, PastLastPage } from '../list/States'
import * as list from '../list/list.css'
import { ErrorPanel } from './LinkParts'
import { StatusPill } from './StatusPill'
import * as styles from './links.css'

export type LinkRequestData = Awaited<ReturnType<typeof linkPageLoader>>

const HISTORY_COLUMNS = [
  { label: 'Brand Name' },
  { label: 'Request Timestamp' },
  { label: 'Status' },
  { label: 'Action Timestamp' },
]

export function LinkRequestPage({
  data,
  lastResult,
  actionError,
}: {
  data: LinkRequestData
  lastResult?: SubmissionResult<string[]>
  actionError?: string | null
}) {
  const [form, fields] = useZodForm(linkRequestForm, lastResult)
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const { history } = data
  return (
    <section aria-labelledby="link-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="link-heading" className={styles.title}>
          Link Request
        </h1>
        <a href="/link/linked-brands" className={list.button} download>
          View Linked Brands
        </a>
      </div>
      <div className={formStyles.card}>
        <Form method="post" {...form.props} className={formStyles.form}>
          <FormErrors errors={form.errors} id={form.errorId} />
          <TextField field={fields.brandId} label="Brand Id" inputMode="numeric" autoComplete="off" />
          <button type="submit" className={formStyles.primary} disabled={sending}>
            Create request
          </button>
        </Form>
        <NativeChecksWhileLoading />
      </div>
      <ErrorPanel message={actionError} />
      <section aria-labelledby="history-heading" className={styles.section}>
        <h2 id="history-heading" className={styles.subtitle}>
          Linking History
        </h2>
        <ErrorPanel message={data.error} />
        {history ? (
          history.rows.length === 0 ? (
            history.totalCount === 0 ? (
              <EmptyState title="No link requests yet">Requests you create appear here.</EmptyState>
            ) : (
              <PastLastPage
                page={data.state.page}
                last={history.totalPages}
                noun="requests"
                lastPage={linkHistoryListSearch(data.state, { page: history.totalPages })}
              />
            )
          ) : (
            <>
              <ListTable
                caption="Linking History"
                columns={HISTORY_COLUMNS}
                summary={listSummary({
                  page: history.page,
                  totalPages: history.totalPages,
                  count: history.totalCount,
                  noun: ['link request', 'link requests'],
                })}
              >
                {history.rows.map((row) => (
                  <tr key={row.requestId}>
                    <td className={styles.wrapCell}>
                      {row.brandName} <span className={styles.muted}>({row.brandId})</span>
                    </td>
                    <td className={list.cell}>{row.requested}</td>
                    <td className={list.cell}>
                      <StatusPill tone={row.tone} label={row.statusLabel} />
                    </td>
                    <td className={list.cell}>{row.actioned}</td>
                  </tr>
                ))}
              </ListTable>
              <Pager
                label="Linking History pages"
                page={history.page}
                totalPages={history.totalPages}
                size={history.size}
                sizes={LINK_HISTORY_LIST.pageSizes}
                pageLink={(page) => linkHistoryListSearch(data.state, { page })}
              />
            </>
          )
        ) : null}
      </section>
    </section>
  )
}
