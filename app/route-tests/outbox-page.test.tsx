// @vitest-environment happy-dom
// The Outbox page rendered (createRemixStub, decision 037): a body with markup is text on the page, only
// the console's own URL is a link (relative), each message is a closed <details> with To and Time.
import { createRemixStub } from '@remix-run/testing'
import { cleanup, render, screen } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { bodyParts, type OutboxData } from '../models/outbox.server'
import AdminOutbox from '../routes/admin.outbox'

afterEach(cleanup)

const text =
  'Hi <script>window.pwned = 1</script><img src=x onerror=alert(1)>\nOpen http://console.test/invite?c=1 or https://evil.example/x'

const data: OutboxData = {
  page: 1,
  size: 10,
  sizes: [10, 20, 50],
  total: 1,
  totalPages: 1,
  error: null,
  messages: [
    {
      id: 'm1',
      to: 'new.user@example.com',
      subject: 'Welcome <b>aboard</b>',
      time: '2026-11-23 09:30:01',
      body: bodyParts(text, 'http://console.test'),
      attachments: [],
    },
  ],
}

function renderPage(pageData: OutboxData) {
  const Stub = createRemixStub([{ path: '/admin/outbox', Component: AdminOutbox, loader: () => pageData }])
  return render(<Stub initialEntries={['/admin/outbox']} />)
}

describe('Outbox page', () => {
  it('shows markup as text, links only the console URL (relative), messages closed', async () => {
    const view = renderPage(data)
    expect(await screen.findByRole('heading', { level: 1, name: 'Outbox' })).toBeTruthy()
    const item = view.container.querySelector('[data-testid="outbox-message"]')!
    expect(item.querySelector('details')!.open).toBe(false)
    expect(item.querySelector('summary')!.textContent).toContain('Welcome <b>aboard</b>')
    expect(item.querySelector('summary')!.textContent).toContain('To: new.user@example.com')
    expect(item.querySelector('summary')!.textContent).toContain('Time: 2026-11-23 09:30:01')
    const body = item.querySelector('[data-testid="outbox-body"]')!
    expect(body.textContent).toBe(text)
    expect(body.querySelector('script, img, b')).toBeNull()
    const links = [...body.querySelectorAll('a')]
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['http://console.test/invite?c=1', '/invite?c=1'],
    ])
    expect((window as unknown as { pwned?: number }).pwned).toBeUndefined()
  })

  it("shows the platform's message in an Error panel, and an empty outbox says so", async () => {
    renderPage({ ...data, messages: [], total: 0, error: 'Service unavailable' })
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('ErrorService unavailable')
    cleanup()
    renderPage({ ...data, messages: [], total: 0 })
    expect(await screen.findByRole('heading', { name: 'No e-mails yet' })).toBeTruthy()
  })
})
