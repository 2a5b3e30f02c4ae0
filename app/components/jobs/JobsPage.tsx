// The Background jobs page (beyond the spec; decision 058): jobs that failed after their retries, newest
// failure first, with the list kit's table and pager. Retry is a native form post per row (works without
// JavaScript); only a super admin gets it.
import { Form, useNavigation } from '@remix-run/react'
import type { FailedJobRow, JobsData } from '../../models/jobs.server'
import { cellClass, EmptyState, ErrorState, ListTable, listSummary, Pager } from '../list'
import * as list from '../list/list.css'
import * as styles from './jobs.css'

const COLUMNS = [
  { label: 'Job' },
  { label: 'Failed at (IST)' },
  { label: 'Retries' },
  { label: 'Error' },
  { label: 'Job ID' },
]

export function JobsPage({ data, actionError }: { data: JobsData; actionError?: string | null }) {
  const { page, size, totalPages, total } = data
  const columns = data.canRetry ? [...COLUMNS, { label: 'Action' }] : COLUMNS
  return (
    <section aria-labelledby="jobs-heading" className={styles.page}>
      <h1 id="jobs-heading" className={styles.title}>
        Background jobs
      </h1>
      <p className={styles.intro}>
        Jobs that kept failing after their automatic retries, newest first. Times are in IST.
        {data.canRetry ? ' Retry queues a job once more.' : ' A Super Admin can retry them.'}
      </p>
      {actionError ? <ErrorState title="Error" message={actionError} /> : null}
      {data.error ? <ErrorState title="Error" message={data.error} /> : null}
      {!data.error && data.jobs.length === 0 ? (
        <EmptyState title={page > 1 ? 'No failed jobs on this page' : 'No failed jobs'}>
          {page > 1
            ? 'Go back to the first page.'
            : 'Every background job has run or is still being retried.'}
        </EmptyState>
      ) : null}
      {data.jobs.length > 0 ? (
        <ListTable
          caption="Failed background jobs"
          columns={columns}
          summary={listSummary({ page, totalPages, count: total, noun: ['failed job', 'failed jobs'] })}
        >
          {data.jobs.map((job) => (
            <JobRow key={job.id} job={job} canRetry={data.canRetry} />
          ))}
        </ListTable>
      ) : null}
      <Pager
        page={page}
        totalPages={totalPages}
        size={size}
        sizes={data.sizes}
        pageLink={(p) => `?page=${p}&size=${size}`}
        label="Failed job pages"
      />
    </section>
  )
}

function JobRow({ job, canRetry }: { job: FailedJobRow; canRetry: boolean }) {
  const navigation = useNavigation()
  const retrying = navigation.state !== 'idle' && navigation.formData?.get('id') === job.id
  return (
    <tr data-testid="failed-job">
      <td className={cellClass.text}>{job.name}</td>
      <td className={cellClass.text}>
        <time>{job.failedAt}</time>
      </td>
      <td className={cellClass.numeric}>{job.retries}</td>
      <td className={`${cellClass.text} ${styles.wrapCell}`}>{job.error}</td>
      <td className={`${cellClass.text} ${styles.id}`}>{job.id}</td>
      {canRetry ? (
        <td className={cellClass.text}>
          <Form method="post" preventScrollReset>
            <input type="hidden" name="intent" value="retry" />
            <input type="hidden" name="id" value={job.id} />
            <button
              type="submit"
              className={list.button}
              disabled={retrying}
              aria-label={`Retry ${job.name} job ${job.id}`}
            >
              {retrying ? 'Retrying…' : 'Retry'}
            </button>
          </Form>
        </td>
      ) : null}
    </tr>
  )
}
