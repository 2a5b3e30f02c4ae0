// @vitest-environment happy-dom
// Login rendered with createRemixStub: the real route component, its real action against the test
// platform, the form filled and sent as a person would, and the action's message on the page.
import { createRemixStub } from '@remix-run/testing'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import Login, { action as loginAction } from '../routes/_index'
import { createRouteHarness, type RouteHarness } from '../testing/route-harness'

let h: RouteHarness
beforeAll(async () => {
  h = await createRouteHarness()
})
afterAll(async () => {
  await h?.close()
})
afterEach(cleanup)

function renderLogin() {
  const Stub = createRemixStub(
    [{ path: '/', index: true, Component: Login, action: (args) => loginAction(args) }],
    h.context(),
  )
  return render(<Stub initialEntries={['/']} />)
}

describe('Login page (createRemixStub)', () => {
  it("shows the platform's 'Invalid email or password' after a wrong password", async () => {
    renderLogin()
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy()
    fireEvent.change(screen.getByLabelText('User name'), { target: { value: 'seller@example.com' } })
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'not the password' } })
    fireEvent.click(screen.getByRole('button', { name: 'Login' }))
    // The action signs in against the real platform (argon2): on a loaded machine that takes seconds.
    const alert = await screen.findByRole('alert', undefined, { timeout: 15_000 })
    expect(alert.textContent).toBe('Invalid email or password')
    // The password is not sent back into the form; the user name stays.
    expect((screen.getByLabelText('User name') as HTMLInputElement).value).toBe('seller@example.com')
    expect((screen.getByLabelText('Password') as HTMLInputElement).value).toBe('')
  })

  it('renders the honeypot hidden from people and assistive tech', () => {
    const view = renderLogin()
    const trap = view.container.querySelector('input[name="website"]') as HTMLInputElement
    expect(trap.value).toBe('')
    expect(trap.tabIndex).toBe(-1)
    expect(trap.closest('[aria-hidden="true"]')).not.toBeNull()
    expect(screen.queryByRole('textbox', { name: 'Leave this field empty' })).toBeNull()
  })
})
