// The browser's check and the server's zod schema give the same answer, word for word, for every form
// built on form rules (decision 017): the page says the same thing with and without JavaScript.
import { describe, expect, it } from 'vitest'
import { selectAccountForm } from '../models/account.schema'
import { forgotPasswordForm, loginForm, otpForm } from '../models/sign-in.schema'
import { termsForm } from '../models/terms.schema'
import { rejectForm } from '../models/approvals.schema'
import { checkForm, type FormRules, rulesConstraint } from './form-rules'
import { parseForm } from './form-rules.server'

const form = (fields: Record<string, string>) => {
  const data = new FormData()
  for (const [name, value] of Object.entries(fields)) data.append(name, value)
  return data
}

/** Both checks of one submission: the errors each reports and the value on success. */
function both(rules: FormRules, fields: Record<string, string>) {
  const checked = checkForm(rules, form(fields))
  const parsed = parseForm(form(fields), rules)
  return {
    browser: checked.error ? { errors: checked.error } : { value: checked.value },
    server: parsed.status === 'success' ? { value: parsed.value } : { errors: parsed.reply().error },
  }
}

const cases: [string, FormRules, Record<string, string>, Record<string, string[]> | 'ok'][] = [
  [
    'login, nothing sent',
    loginForm,
    {},
    { email: ['User name is required'], password: ['Password is required'] },
  ],
  [
    'login, empty fields',
    loginForm,
    { email: '', password: '' },
    { email: ['User name is required'], password: ['Password is required'] },
  ],
  ['login, password only', loginForm, { password: 'x' }, { email: ['User name is required'] }],
  ['login, filled', loginForm, { email: ' a@b.in ', password: ' secret ' }, 'ok'],
  [
    'login, password too long',
    loginForm,
    { email: 'a@b.in', password: 'x'.repeat(129) },
    { password: ['Password must be at most 128 characters'] },
  ],
  ['otp, empty', otpForm, { otp: '' }, { otp: ['Enter a valid otp'] }],
  ['otp, five digits', otpForm, { otp: '12345' }, { otp: ['Enter a valid otp'] }],
  ['otp, letters', otpForm, { otp: '12a456' }, { otp: ['Enter a valid otp'] }],
  ['otp, spaces only', otpForm, { otp: '   ' }, { otp: ['Enter a valid otp'] }],
  ['otp, six digits with spaces around', otpForm, { otp: ' 123456 ' }, 'ok'],
  ['account id, letters', selectAccountForm, { accountId: '12ab' }, { accountId: ['ID is invalid'] }],
  ['account id, empty', selectAccountForm, {}, { accountId: ['ID is invalid'] }],
  [
    'account id, 16 digits',
    selectAccountForm,
    { accountId: '1'.repeat(16) },
    { accountId: ['ID is invalid'] },
  ],
  ['account id, digits', selectAccountForm, { accountId: ' 1042 ' }, 'ok'],
  ['terms, not ticked', termsForm, {}, { tncAcceptance: ['Please accept the Terms and Conditions'] }],
  [
    'terms, any other value',
    termsForm,
    { tncAcceptance: 'yes' },
    { tncAcceptance: ['Please accept the Terms and Conditions'] },
  ],
  ['terms, ticked', termsForm, { tncAcceptance: 'on' }, 'ok'],
  [
    'forgot, empty',
    forgotPasswordForm,
    { email: '', password: '', confirmPassword: '' },
    {
      email: ['Email is invalid'],
      password: ['Password must be at least 8 characters'],
      confirmPassword: ['Password does not match'],
    },
  ],
  [
    'forgot, not an e-mail',
    forgotPasswordForm,
    { email: 'someone', password: 'longenough', confirmPassword: 'longenough' },
    { email: ['Email is invalid'] },
  ],
  [
    'forgot, short password',
    forgotPasswordForm,
    { email: 'a@b.in', password: 'short', confirmPassword: 'short' },
    { password: ['Password must be at least 8 characters'] },
  ],
  [
    'forgot, passwords differ',
    forgotPasswordForm,
    { email: 'a@b.in', password: 'longenough', confirmPassword: 'longenough!' },
    { confirmPassword: ['Password does not match'] },
  ],
  [
    'forgot, bad e-mail and passwords differ: both are said at once',
    forgotPasswordForm,
    { email: 'someone', password: 'longenough', confirmPassword: 'longenough!' },
    { email: ['Email is invalid'], confirmPassword: ['Password does not match'] },
  ],
  [
    'forgot, no e-mail and passwords differ: both are said at once',
    forgotPasswordForm,
    { password: 'longenough', confirmPassword: 'longenough!' },
    { email: ['Email is invalid'], confirmPassword: ['Password does not match'] },
  ],
  [
    'forgot, short password: the match waits until the password itself is valid',
    forgotPasswordForm,
    { email: 'a@b.in', password: 'short', confirmPassword: 'other' },
    { password: ['Password must be at least 8 characters'] },
  ],
  [
    'forgot, valid',
    forgotPasswordForm,
    { email: ' a.b@shop.example.in ', password: 'longenough', confirmPassword: 'longenough' },
    'ok',
  ],
]

describe('form rules: browser check and server schema agree', () => {
  it.each(cases)('%s', (_name, rules, fields, expected) => {
    const { browser, server } = both(rules, fields)
    expect(browser).toEqual(server)
    if (expected === 'ok') expect(browser).toHaveProperty('value')
    else expect(browser).toEqual({ errors: expected })
  })

  it('gives the server the trimmed values and a ticked box as true', () => {
    expect(both(otpForm, { otp: ' 123456 ' }).server).toEqual({ value: { otp: '123456' } })
    expect(both(termsForm, { tncAcceptance: 'on' }).server).toEqual({ value: { tncAcceptance: true } })
    expect(both(loginForm, { email: ' a@b.in ', password: ' secret ' }).server).toEqual({
      value: { email: 'a@b.in', password: ' secret ' },
    })
  })

  it('turns the rules into the HTML constraints the browser checks before JavaScript runs', () => {
    expect(rulesConstraint(otpForm)).toEqual({ otp: { required: true, pattern: '\\d{6}' } })
    expect(rulesConstraint(forgotPasswordForm)).toEqual({
      email: { required: true, maxLength: 254 },
      password: { required: true, minLength: 8, maxLength: 128 },
      confirmPassword: { required: true },
    })
    expect(rulesConstraint(termsForm)).toEqual({ tncAcceptance: { required: true } })
  })
})

// User detail dialogs (access, revoke, reactivate): spec accounts §5 'Reason cannot be empty'.
describe('form rules: the user dialogs reason (browser and server agree)', async () => {
  const { reasonForm } = await import('../models/users.schema')
  it.each([
    ['reason, empty', {}, { reason: ['Reason cannot be empty'] }],
    ['reason, blank', { reason: '   ' }, { reason: ['Reason cannot be empty'] }],
    [
      'reason, control character',
      { reason: 'a\u0007b' },
      { reason: ['Remove control characters from this field'] },
    ],
    ['reason, too long', { reason: 'x'.repeat(501) }, { reason: ['Must be at most 500 characters'] }],
    ['reason, given', { reason: ' Covers billing ' }, 'ok'],
  ] as const)('%s', (_name, fields, expected) => {
    const { browser, server } = both(reasonForm, fields)
    expect(browser).toEqual(server)
    if (expected === 'ok') expect(server).toEqual({ value: { reason: 'Covers billing' } })
    else expect(browser).toEqual({ errors: expected })
  })
})

// Onboarding, the rejected agency's edit and the invitation (spec accounts §5 'Onboarding'; decision 033).
describe('form rules: onboarding and invitation (browser and server agree)', async () => {
  const o = await import('../models/onboarding.schema')
  const agency = {
    name: 'Acme',
    email: 'a@b.in',
    primaryContactNumber: '9876543210',
    address: '1 Road',
    pincode: '560001',
  }
  it.each([
    [
      'onboarding agency, empty',
      o.agencyOnboardingForm,
      {},
      {
        name: ['Name cannot be empty'],
        email: ['Email is invalid'],
        primaryContactNumber: ['Number is invalid'],
        address: ['Address cannot be empty'],
        pincode: ['Pincode is invalid'],
      },
    ],
    [
      'onboarding agency, bad numbers and pincode',
      o.agencyOnboardingForm,
      {
        ...agency,
        primaryContactNumber: '2987654321',
        secondaryContactNumber: '98765432101',
        pincode: '56001a',
      },
      {
        primaryContactNumber: ['Number is invalid'],
        secondaryContactNumber: ['Number is invalid'],
        pincode: ['Pincode is invalid'],
      },
    ],
    ['onboarding agency, valid', o.agencyOnboardingForm, agency, 'ok'],
    [
      'onboarding seller, id with letters',
      o.accountOnboardingForm,
      { ...agency, userId: '12a' },
      { userId: ['ID is invalid'] },
    ],
    [
      'onboarding seller, valid',
      o.accountOnboardingForm,
      { name: 'S', email: 'a@b.in', userId: ' 100001 ' },
      'ok',
    ],
    [
      'onboarding staff, bad e-mail',
      o.staffOnboardingForm,
      { name: 'S', email: 'nope' },
      { email: ['Email is invalid'] },
    ],
    [
      'onboarding, control character in the name',
      o.staffOnboardingForm,
      { name: 'a\u0000b', email: 'a@b.in' },
      { name: ['Remove control characters from this field'] },
    ],
    ['agency edit, valid', o.agencyEditForm, agency, 'ok'],
    [
      'invitation password, differ',
      o.invitationPasswordForm,
      { password: 'longenough', confirmPassword: 'longenough!' },
      { confirmPassword: ['Password does not match'] },
    ],
    ['invitation otp, empty', o.invitationOtpForm, {}, { otp: ['Enter a valid otp'] }],
  ] as const)('%s', (_name, rules, fields, expected) => {
    const { browser, server } = both(rules, fields as Record<string, string>)
    expect(browser).toEqual(server)
    if (expected === 'ok') expect(browser).toHaveProperty('value')
    else expect(browser).toEqual({ errors: expected })
  })
})

describe('approval: reject comments (spec §5)', () => {
  it.each([
    ['nothing', {}, { comments: ['Comments are required'] }],
    ['empty', { comments: '' }, { comments: ['Comments are required'] }],
    ['spaces only', { comments: '  \n ' }, { comments: ['Comments are required'] }],
    [
      'a control character',
      { comments: 'no\u0000' },
      { comments: ['Remove control characters from this field'] },
    ],
    ['too long', { comments: 'x'.repeat(2001) }, { comments: ['Must be at most 2000 characters'] }],
    ['several lines', { comments: ' GST differs\nPAN missing ' }, 'ok'],
  ] as const)('%s', (_name, fields, expected) => {
    const { browser, server } = both(rejectForm, fields as Record<string, string>)
    expect(browser).toEqual(server)
    if (expected === 'ok') expect(server).toEqual({ value: { comments: 'GST differs\nPAN missing' } })
    else expect(browser).toEqual({ errors: expected })
  })
})

// Link and de-link forms (decision 036): spec accounts §5 'Brand ID is invalid', 'Agency ID is invalid',
// 'Delink reason cannot be empty'.
describe('form rules: the link and de-link forms (browser and server agree)', async () => {
  const { linkRequestForm, delinkRequestForm } = await import('../models/links.schema')
  const good = { brandId: ' 200001 ', agencyId: ' agency@example.com ', deLinkReason: ' Contract over ' }
  it.each([
    ['link, empty', linkRequestForm, {}, { brandId: ['Brand ID is invalid'] }],
    ['link, letters', linkRequestForm, { brandId: '12ab' }, { brandId: ['Brand ID is invalid'] }],
    ['link, spaces only', linkRequestForm, { brandId: '   ' }, { brandId: ['Brand ID is invalid'] }],
    ['link, digits', linkRequestForm, { brandId: ' 200001 ' }, 'ok'],
    [
      'delink, nothing',
      delinkRequestForm,
      {},
      {
        brandId: ['Brand ID is invalid'],
        agencyId: ['Agency ID is invalid'],
        deLinkReason: ['Delink reason cannot be empty'],
      },
    ],
    [
      'delink, bad e-mail',
      delinkRequestForm,
      { ...good, agencyId: 'agency@' },
      { agencyId: ['Agency ID is invalid'] },
    ],
    [
      'delink, blank reason',
      delinkRequestForm,
      { ...good, deLinkReason: '  ' },
      { deLinkReason: ['Delink reason cannot be empty'] },
    ],
    [
      'delink, reason too long',
      delinkRequestForm,
      { ...good, deLinkReason: 'x'.repeat(1001) },
      { deLinkReason: ['Must be at most 1000 characters'] },
    ],
    [
      'delink, control character',
      delinkRequestForm,
      { ...good, deLinkReason: 'a\u0000b' },
      { deLinkReason: ['Remove control characters from this field'] },
    ],
    ['delink, line breaks in the reason', delinkRequestForm, { ...good, deLinkReason: 'One\r\nTwo' }, 'ok'],
    ['delink, filled', delinkRequestForm, good, 'ok'],
  ] as const)('%s', (_name, rules, fields, expected) => {
    const { browser, server } = both(rules, fields as Record<string, string>)
    expect(browser).toEqual(server)
    if (expected === 'ok') expect(server).toHaveProperty('value')
    else expect(browser).toEqual({ errors: expected })
  })
})

// Save and Schedule Report (decision 042): spec accounts §5 'Required Field' for the report name; the
// form's other rules (platform/rules/reports.ts) are the same function on both sides.
describe('form rules: the save-and-schedule report name (browser and server agree)', async () => {
  const { reportNameForm } = await import('../models/report-schedule.schema')
  it.each([
    ['report name, nothing', {}, { reportName: ['Required Field'] }],
    ['report name, spaces only', { reportName: '   ' }, { reportName: ['Required Field'] }],
    [
      'report name, too long',
      { reportName: 'x'.repeat(101) },
      { reportName: ['Report name must be at most 100 characters'] },
    ],
    [
      'report name, control character',
      { reportName: 'a\u0007b' },
      { reportName: ['Remove control characters from this field'] },
    ],
    ['report name, filled', { reportName: ' Weekly keywords ' }, 'ok'],
  ] as const)('%s', (_name, fields, expected) => {
    const { browser, server } = both(reportNameForm, fields as Record<string, string>)
    expect(browser).toEqual(server)
    if (expected === 'ok') expect(server).toEqual({ value: { reportName: 'Weekly keywords' } })
    else expect(browser).toEqual({ errors: expected })
  })
})

// Bulk Upload's Keywords Search by Product ID (spec accounts §5 "Keyword search needs a non-empty product
// id"; decision 048).
describe('form rules: the keyword search product id (browser and server agree)', async () => {
  const { keywordSearchForm, PRODUCT_ID_REQUIRED } = await import('../components/bulk/keyword-search-form')
  it.each([
    ['product id, missing', {}, { productId: [PRODUCT_ID_REQUIRED] }],
    ['product id, empty', { productId: '' }, { productId: [PRODUCT_ID_REQUIRED] }],
    ['product id, blank', { productId: '   ' }, { productId: [PRODUCT_ID_REQUIRED] }],
    [
      'product id, control character',
      { productId: '12\u00073' },
      { productId: ['Remove control characters from this field'] },
    ],
    ['product id, too long', { productId: '1'.repeat(65) }, { productId: ['Must be at most 64 characters'] }],
    ['product id, given', { productId: ' 10234532 ' }, 'ok'],
  ] as const)('%s', (_name, fields, expected) => {
    const { browser, server } = both(keywordSearchForm, fields)
    expect(browser).toEqual(server)
    if (expected === 'ok') expect(server).toEqual({ value: { productId: '10234532' } })
    else expect(browser).toEqual({ errors: expected })
  })
})
