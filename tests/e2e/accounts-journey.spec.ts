// Issue 11's journey, end to end in the browser, with JavaScript on and off: OPS onboards two agencies
// (the invitations reach the real SMTP listener; one agency sets its password and enrols its
// authenticator on the invitation page); SUPERADMIN rejects one with comments and approves the other;
// the approved agency signs in for real, accepts the terms and asks to link a brand; the brand approves;
// the agency selects the brand and sees its campaigns; the brand asks to de-link; SUPERADMIN approves;
// the agency can no longer select or read that brand, in the console and through the API.
// Each actor is its own browser context; staff and the brand use this project's pool users, the agencies
// are new (unique e-mails), so the js-on and js-off runs never touch each other's data.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test'
import { AUTH_API, invitationPath, signInWithPassword, totpNow, uniqueEmail } from './accounts-kit'
import { expect, signInCookie, test } from './fixtures'
import { mailFor } from './mailbox'

const PASSWORD = 'Journey-agency-passw0rd'
const STEP_MS = 30_000
const step = () => Math.floor(Date.now() / STEP_MS)

/** A fresh browser context (same JavaScript setting as the project) and its page. */
async function actor(browser: Browser, javaScriptEnabled: boolean, baseURL: string) {
  const context = await browser.newContext({ javaScriptEnabled, baseURL })
  return { context, page: await context.newPage() }
}

async function onboardAgency(page: Page, name: string, email: string, jsOn: boolean) {
  await page.goto('/admin/onboarding?role=AGENCY')
  await expect(page.getByRole('heading', { name: 'New Agency' })).toBeVisible()
  await page.getByLabel('Name', { exact: true }).fill(name)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Primary Contact Number').fill('9876543210')
  await page.getByLabel('Address').fill('4 Residency Road, Bengaluru')
  await page.getByLabel('Pincode').fill('560025')
  if (!jsOn) await page.getByRole('button', { name: 'Look up' }).click()
  await expect(page.getByTestId('pincode-lookup')).toContainText('District:')
  await page.getByRole('button', { name: 'Submit' }).click()
  await expect(page.getByTestId('flash')).toContainText(
    `An invitation to set a password was e-mailed to ${email}`,
  )
}

/** The approval detail of a pending agency, opened from the approval list by its name. */
async function openPendingAgency(page: Page, name: string) {
  await page.goto('/admin/approval?userType=AGENCY&status=PENDING&size=100')
  await page.getByRole('link', { name, exact: true }).click()
  await expect(page.getByRole('heading', { name: 'Approval details', level: 1 })).toBeVisible()
}

/** A signed-in platform token for the agency, taken through the API's own two steps. */
async function apiToken(request: APIRequestContext, email: string, secret: string, usedStep: number) {
  // The server takes each 30-second step once per user: the code sent is the next step's (the server
  // accepts one step either side), so wait until that step is after the last one used.
  while (step() + 1 <= usedStep) await new Promise((r) => setTimeout(r, 1_000))
  const login = await request.post(`${AUTH_API}/v1/login`, {
    data: { email, password: PASSWORD, loginHere: true },
  })
  expect(login.status(), await login.text()).toBe(200)
  const { data } = (await login.json()) as { data: { token: string; userId: number } }
  const verify = await request.post(
    `${AUTH_API}/v1/gauth2fa-verify-totp?token=${data.token}&userId=${data.userId}&regenerateToken=true`,
    { data: { email, totp: totpNow(secret, 1) }, headers: { authorization: `Bearer ${data.token}` } },
  )
  expect(verify.status(), await verify.text()).toBe(200)
  return ((await verify.json()) as { data: { token: string } }).data.token
}

test('onboard → reject one, approve another → link → brand approves → campaigns → de-link → access gone', async ({
  browser,
  baseURL,
  javaScriptEnabled,
  request,
  e2eUser,
  e2eAccount,
}, testInfo) => {
  test.setTimeout(300_000)
  const project = testInfo.project.name
  const jsOn = javaScriptEnabled
  const contexts: BrowserContext[] = []
  const open = async () => {
    const made = await actor(browser, jsOn, baseURL!)
    contexts.push(made.context)
    return made.page
  }
  // Staff and the brand get their session cookies the way signInAs gives them (a real server session).
  const signedIn = async (email: string, sellerId: number | null) => {
    const page = await open()
    await page.context().addCookies([await signInCookie(email, sellerId, baseURL!)])
    return page
  }

  try {
    const brand = e2eAccount('brand-journey')
    const ops = await signedIn(e2eUser('ops-journey').email, null)
    const admin = await signedIn(e2eUser('superadmin-journey').email, null)
    const brandPage = await signedIn(brand.email, brand.id)

    // 1. OPS onboards two agencies; both invitations arrive at the SMTP listener.
    const rejectedName = `Journey Rejected ${project}`
    const approvedName = `Journey Approved ${project}`
    const rejectedEmail = uniqueEmail('journey-rejected', project)
    const agencyEmail = uniqueEmail('journey-agency', project)
    await onboardAgency(ops, rejectedName, rejectedEmail, jsOn)
    await onboardAgency(ops, approvedName, agencyEmail, jsOn)
    expect(mailFor(rejectedEmail).at(-1)?.subject).toBe('You are invited to the Ad Console')

    // 2. The second agency follows its invitation: a password, then its authenticator.
    const agency = await open()
    await agency.goto(await invitationPath(agencyEmail))
    await expect(agency.getByRole('heading', { name: 'Set up your account' })).toBeVisible()
    await agency.getByLabel('New Password').fill(PASSWORD)
    await agency.getByLabel('Confirm Password').fill(PASSWORD)
    await agency.getByRole('button', { name: 'Continue' }).click()
    const secret = (await agency.getByTestId('totp-secret').textContent())?.trim() ?? ''
    expect(secret).toMatch(/^[A-Z2-7]{32}$/)
    await agency.getByLabel('OTP').fill(totpNow(secret))
    await agency.getByRole('button', { name: 'Verify' }).click()
    await expect(agency.getByText(/Your account is awaiting approval/)).toBeVisible()

    // 3. SUPERADMIN rejects the first agency with comments and approves the second.
    await openPendingAgency(admin, rejectedName)
    await admin.getByLabel('Comments on rejection').fill('GST certificate does not match the registered name')
    await admin.getByRole('button', { name: 'Reject', exact: true }).click()
    const reject = admin.getByRole('dialog', { name: 'Reject registration' })
    await reject.getByRole('button', { name: 'Reject', exact: true }).click()
    await expect(admin.getByTestId('flash')).toContainText(`${rejectedName} was rejected.`)

    await openPendingAgency(admin, approvedName)
    await admin.getByRole('link', { name: 'Approve & Send TnC' }).click()
    const approve = admin.getByRole('dialog', { name: 'Approve & Send TnC' })
    await approve.getByRole('button', { name: 'Approve & Send TnC' }).click()
    await expect(admin.getByTestId('flash')).toContainText(`${approvedName} was approved.`)
    await expect
      .poll(() => mailFor(agencyEmail).some((m) => /\/terms-and-conditions/.test(m.body)), {
        timeout: 15_000,
      })
      .toBe(true)

    // 4. The approved agency signs in for real (the enrolment used this step: the next one), accepts
    //    the terms and asks to link the brand.
    await signInWithPassword(agency, agencyEmail, PASSWORD, secret, { totpOffset: 1 })
    // The step that code belonged to is at most the one after now (a step may have begun meanwhile).
    const signInStep = step() + 1
    await expect(agency).toHaveURL('/terms-and-conditions')
    await agency.getByLabel('I agree with the Terms and Conditions').check()
    await agency.getByRole('button', { name: 'Continue' }).click()
    await expect(agency).toHaveURL('/select-account')
    await agency.goto('/link')
    await agency.getByLabel('Brand Id').fill(String(brand.id))
    await agency.getByRole('button', { name: 'Create request' }).click()
    await expect(agency.getByTestId('flash')).toContainText(`Link request sent to brand ${brand.id}`)

    // 5. The brand approves the request.
    await brandPage.goto('/requestApproval')
    const row = brandPage.getByRole('row').filter({ hasText: agencyEmail })
    await row.getByRole('link', { name: `Link ${approvedName}` }).click()
    const linkDialog = brandPage.getByRole('dialog', { name: 'Approve link request' })
    await expect(linkDialog).toContainText(`Are you sure you want to approve ${approvedName}?`)
    await linkDialog.getByRole('button', { name: 'Link' }).click()
    await expect(brandPage.getByTestId('flash')).toContainText(`${approvedName} is now linked to your brand.`)

    // 6. The agency selects the brand and sees its campaigns.
    await agency.goto('/select-account')
    await agency.getByLabel('Enter brand or seller ID').fill(String(brand.id))
    await agency.getByRole('button', { name: 'View Account' }).click()
    await expect(agency).toHaveURL('/campaigns')
    await expect(agency.getByText('Brand Privilege Hero')).toBeVisible()

    // 7. The brand asks to de-link the agency; SUPERADMIN approves.
    await brandPage.goto('/delink')
    await expect(brandPage.getByLabel('Brand Id')).toHaveValue(String(brand.id))
    await brandPage.getByLabel('Agency Email Id').fill(agencyEmail)
    const reason = `Moving the account in house (${project})`
    await brandPage.getByLabel('Delink Reason').fill(reason)
    await brandPage.getByRole('button', { name: 'Submit' }).click()
    await expect(brandPage.getByTestId('flash')).toContainText('De-link request sent.')

    await admin.goto('/admin/requestApproval')
    const delinkRow = admin.getByRole('row').filter({ hasText: reason })
    await delinkRow.getByRole('link', { name: /^View the de-link request/ }).click()
    await admin.getByRole('link', { name: 'De-link', exact: true }).click()
    await admin.getByRole('dialog', { name: 'De-link' }).getByRole('button', { name: 'De-link' }).click()
    await expect(admin.getByTestId('flash')).toContainText(`${approvedName} is de-linked from`)

    // 8. The agency's very next click loses the brand: back to account selection, which refuses it.
    await agency.reload()
    await expect(agency).toHaveURL('/select-account')
    await expect(agency.getByText('Brand Privilege Hero')).toHaveCount(0)
    await agency.getByLabel('Enter brand or seller ID').fill(String(brand.id))
    await agency.getByRole('button', { name: 'View Account' }).click()
    await expect(agency.getByText('This ID is not available to you')).toBeVisible()

    // …and the API refuses it too, with a token of the agency's own.
    const token = await apiToken(request, agencyEmail, secret, signInStep)
    const list = await request.get(`/ads/ad-inventory/v1/campaign/loadHomePage?userId=${brand.id}`, {
      headers: { authorization: `Bearer ${token}` },
    })
    expect(list.status()).toBe(403)

    // The rejected agency was told why.
    expect(mailFor(rejectedEmail).some((m) => m.body.includes('GST certificate does not match'))).toBe(true)
  } finally {
    for (const context of contexts) await context.close()
  }
})
