// @vitest-environment happy-dom
// The Background jobs page rendered (createRemixStub, decision 058): the list kit's table with the
// sanitized error as text, a Retry form per row for the super admin (a native post of intent and id), no
// Retry for OPS, and the empty and error states.
import { createRemixStub } from '@remix-run/testing'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import type { JobsData } from '../models/jobs.server'
import AdminJobs from '../routes/admin.jobs'

afterEach(cleanup)

const JOB_ID = '3f0c2a9e-1b2c-4d5e-8f90-123456789abc'
const data: JobsData = {
  page: 1,
  size: 10,
  sizes: [10, 20, 50],
  total: 1,
  totalPages: 1,
  canRetry: true,
  error: null,
  jobs: [
    {
      id: JOB_ID,
      name: 'report-generation',
      failedAt: '2026-11-23 09:30:01',
      createdAt: '2026-11-23 09:29:00',
      retries: '2 / 2',
      error: '<img src=x onerror=alert(1)> failed',
    },
  ],
}

function renderPage(pageData: JobsData, posted: FormData[] = []) {
  const Stub = createRemixStub([
    {
      path: '/admin/jobs',
      Component: AdminJobs,
      loader: () => pageData,
      action: async ({ request }) => {
        posted.push(await request.formData())
        return { error: 'Only a test' }
      },
    },
  ])
  return render(<Stub initialEntries={['/admin/jobs']} />)
}

describe('Background jobs page', () => {
  it('lists the job with its error as text and a Retry that posts the job id', async () => {
    const posted: FormData[] = []
    const view = renderPage(data, posted)
    expect(await screen.findByRole('heading', { level: 1, name: 'Background jobs' })).toBeTruthy()
    const row = view.container.querySelector('[data-testid="failed-job"]')!
    expect(row.textContent).toContain('report-generation')
    expect(row.textContent).toContain('2026-11-23 09:30:01')
    expect(row.textContent).toContain('2 / 2')
    expect(row.textContent).toContain('<img src=x onerror=alert(1)> failed')
    expect(row.querySelector('img')).toBeNull()
    const button = screen.getByRole('button', { name: `Retry report-generation job ${JOB_ID}` })
    const form = button.closest('form')!
    expect(form.getAttribute('method')).toBe('post')
    fireEvent.click(button)
    expect(await screen.findByText('Only a test')).toBeTruthy()
    expect(posted).toHaveLength(1)
    expect(Object.fromEntries(posted[0]!)).toEqual({ intent: 'retry', id: JOB_ID })
  })

  it('gives OPS the list without Retry', async () => {
    renderPage({ ...data, canRetry: false })
    expect(await screen.findByText('report-generation')).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Retry/ })).toBeNull()
    expect(screen.queryByRole('columnheader', { name: 'Action' })).toBeNull()
  })

  it("says when nothing failed, and shows the platform's message when the list cannot be read", async () => {
    renderPage({ ...data, jobs: [], total: 0 })
    expect(await screen.findByRole('heading', { name: 'No failed jobs' })).toBeTruthy()
    cleanup()
    renderPage({ ...data, jobs: [], total: 0, error: 'Service unavailable' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('ErrorService unavailable')
  })
})
