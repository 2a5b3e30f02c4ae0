// The onboarding form (spec accounts §2 "Onboarding form", §5) and its edit mode for a rejected agency
// (§6), on the console's form kit. The role is chosen first (a GET form, so it works without
// JavaScript; with it, changing the select shows the role's fields at once) — decision 033.
import type { SubmissionResult } from '@conform-to/react'
import { Form, useFetcher, useLocation, useNavigate, useNavigation } from '@remix-run/react'
import { useEffect, useMemo, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Role } from '../../../platform/rules/roles'
import type { PincodeLookup } from '../../models/onboarding.server'
import { agencyEditForm, onboardingFormFor, roleOptionLabel } from '../../models/onboarding.schema'
import { type Field, inputProps, useZodForm } from '../../utils/use-zod-form'
import * as formStyles from '../form.css'
import { FieldError, FormErrors, NativeChecksWhileLoading, TextField } from '../FormParts'
import { ErrorState } from '../list/States'
import * as styles from './onboarding.css'

/** spec §8: a failed call shows a panel headed Error with the server's message. */
export function OnboardingError({ message }: { message: string | null | undefined }) {
  return message ? <ErrorState title="Error" message={message} /> : null
}

/** An agency contact number: a visible +91, then the 10 digits (spec §5). */
function PhoneField({ field, label }: { field: Field; label: string }) {
  const props = inputProps(field, { type: 'text' })
  const hintId = `${field.id}-hint`
  return (
    <div className={formStyles.field}>
      <label htmlFor={field.id}>{label}</label>
      <div className={styles.prefixRow}>
        <span className={styles.prefix}>+91</span>
        <input
          key={field.key}
          {...props}
          inputMode="numeric"
          maxLength={10}
          autoComplete="tel-national"
          aria-describedby={[hintId, props['aria-describedby']].filter(Boolean).join(' ')}
          className={styles.prefixed}
        />
      </div>
      <p id={hintId} className={styles.hint}>
        10 digits after +91, starting with 3 to 9
      </p>
      <FieldError field={field} />
    </div>
  )
}

function lookupText(lookup: PincodeLookup | null | undefined) {
  if (!lookup) return ''
  if (!lookup.district) return `Pincode ${lookup.pincode} is not in the pincode directory`
  return `District: ${lookup.district} · State: ${lookup.state}`
}

/**
 * The pincode (6 digits) and its district and state. With JavaScript they are looked up as soon as six
 * digits are typed; without it, the Look up button posts the form back with everything kept.
 */
function PincodeField({ field, lookup }: { field: Field; lookup: PincodeLookup | null | undefined }) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<{ lookup?: PincodeLookup | null }>()
  const location = useLocation()
  const props = inputProps(field, { type: 'text' })
  const resultId = `${field.id}-lookup`
  const typed = field.value ?? field.initialValue ?? ''
  const fetched = fetcher.data?.lookup
  const shown =
    fetched !== undefined && fetched?.pincode === typed ? fetched : lookup?.pincode === typed ? lookup : null
  return (
    <div className={formStyles.field}>
      <label htmlFor={field.id}>Pincode</label>
      <div className={styles.pincodeRow}>
        <input
          key={field.key}
          {...props}
          inputMode="numeric"
          maxLength={6}
          autoComplete="postal-code"
          aria-describedby={[resultId, props['aria-describedby']].filter(Boolean).join(' ')}
          className={`${formStyles.input} ${styles.grow}`}
          onChange={(event) => {
            const value = event.currentTarget.value.trim()
            if (/^\d{6}$/.test(value)) {
              const search = new URLSearchParams(location.search)
              search.set('pincode', value)
              fetcher.load(`${location.pathname}?${search.toString()}`)
            }
          }}
        />
        {hydrated ? null : (
          <button type="submit" name="intent" value="lookup" formNoValidate className={formStyles.secondary}>
            Look up
          </button>
        )}
      </div>
      <p id={resultId} className={styles.lookup} aria-live="polite" data-testid="pincode-lookup">
        {lookupText(shown)}
      </p>
      <FieldError field={field} />
    </div>
  )
}

function AgencyFields({
  fields,
  lookup,
}: {
  fields: Record<string, Field>
  lookup: PincodeLookup | null | undefined
}) {
  return (
    <>
      <PhoneField field={fields.primaryContactNumber!} label="Primary Contact Number" />
      <PhoneField field={fields.secondaryContactNumber!} label="Secondary Contact Number (optional)" />
      <TextField field={fields.address!} label="Address" autoComplete="street-address" />
      <PincodeField field={fields.pincode!} lookup={lookup} />
    </>
  )
}

/**
 * With JavaScript a successful post redirects back to this page without action data, and the browser
 * check had kept the server from ever answering with values: the form would keep what was typed. This
 * counts the posts that ended without an answer (a redirect), for the form's key: a new, empty form.
 */
function useFreshFormAfterRedirect(answer: OnboardingAnswer | undefined) {
  const navigation = useNavigation()
  const [generation, setGeneration] = useState(0)
  const posting = useRef(false)
  useEffect(() => {
    if (navigation.state === 'submitting' && navigation.formMethod === 'POST') posting.current = true
    else if (navigation.state === 'idle' && posting.current) {
      posting.current = false
      if (!answer) setGeneration((n) => n + 1)
    }
  }, [navigation.state, navigation.formMethod, answer])
  return generation
}

export type OnboardingAnswer = {
  lastResult?: SubmissionResult<string[]>
  lookup?: PincodeLookup | null
  error?: string | null
}

/** /admin/onboarding: the role chooser, then the role's fields, Submit and the server's error. */
export function OnboardingPage({
  role,
  roles,
  lookup,
  answer,
}: {
  role: Role
  roles: { value: Role; label: string }[]
  lookup: PincodeLookup | null
  answer: OnboardingAnswer | undefined
}) {
  const rules = onboardingFormFor(role)
  const [form, fields] = useZodForm(rules, answer?.lastResult)
  const navigate = useNavigate()
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const generation = useFreshFormAfterRedirect(answer)
  const idLabel = role === 'SELLER' ? 'Seller ID' : 'Brand ID'
  return (
    <section aria-labelledby="onboarding-heading" className={styles.page}>
      <h1 id="onboarding-heading" className={styles.title}>
        Onboarding
      </h1>
      <div className={formStyles.card}>
        <Form method="get" className={formStyles.form} aria-label="Choose a role">
          <div className={formStyles.field}>
            <label htmlFor="onboarding-role">Role</label>
            <div className={styles.roleRow}>
              <select
                id="onboarding-role"
                name="role"
                value={role}
                className={styles.select}
                onChange={(event) =>
                  navigate(`?role=${event.currentTarget.value}`, { replace: true, preventScrollReset: true })
                }
              >
                {roles.map((option) => (
                  <option key={option.value} value={option.value}>
                    {option.label}
                  </option>
                ))}
              </select>
              <button type="submit" className={formStyles.secondary}>
                Choose role
              </button>
            </div>
          </div>
        </Form>
      </div>
      <div className={formStyles.card}>
        <Form
          key={generation}
          method="post"
          {...form.props}
          className={formStyles.form}
          aria-labelledby="onboarding-form-heading"
        >
          <h2 id="onboarding-form-heading" className={styles.title}>
            New {roleOptionLabel(role)}
          </h2>
          <input type="hidden" name="role" value={role} />
          <FormErrors errors={form.errors} id={form.errorId} />
          <TextField field={fields.name!} label="Name" autoComplete="off" />
          <TextField field={fields.email!} label="E-mail" type="email" autoComplete="off" />
          {fields.userId ? (
            <TextField field={fields.userId} label={idLabel} inputMode="numeric" autoComplete="off" />
          ) : null}
          {role === 'AGENCY' ? <AgencyFields fields={fields} lookup={answer?.lookup ?? lookup} /> : null}
          <p className={styles.hint}>The new user gets an e-mail with a link to set a password.</p>
          <button type="submit" className={formStyles.primary} disabled={sending}>
            Submit
          </button>
        </Form>
        <NativeChecksWhileLoading />
      </div>
      <OnboardingError message={answer?.error} />
    </section>
  )
}

/** Edit mode (spec §2: titled User Management): a rejected agency's details, sent for approval again. */
export function AgencyEditPage({
  details,
  editable,
  error,
  lookup,
  answer,
}: {
  details: { name: string; email: string; comments: string | null; [key: string]: unknown } | null
  editable: boolean
  error: string | null
  lookup: PincodeLookup | null
  answer: OnboardingAnswer | undefined
}) {
  // The saved details as the form's first values: one object per load (useZodForm starts over whenever
  // the object it is given changes, so a new one at every render would never settle).
  const saved = useMemo<SubmissionResult<string[]> | undefined>(
    () =>
      details
        ? {
            initialValue: {
              name: details.name,
              primaryContactNumber: String(details.primaryContactNumber ?? ''),
              secondaryContactNumber: String(details.secondaryContactNumber ?? ''),
              address: String(details.address ?? ''),
              pincode: String(details.pincode ?? ''),
            },
          }
        : undefined,
    [details],
  )
  const prefilled = answer?.lastResult ?? saved
  const [form, fields] = useZodForm(agencyEditForm, prefilled)
  const navigation = useNavigation()
  const sending = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  return (
    <section aria-labelledby="user-edit-heading" className={styles.page}>
      <h1 id="user-edit-heading" className={styles.title}>
        User Management
      </h1>
      <OnboardingError message={error} />
      {details && editable ? (
        <div className={formStyles.card}>
          <Form method="post" {...form.props} className={formStyles.form}>
            <FormErrors errors={form.errors} id={form.errorId} />
            <p className={styles.readOnly}>
              <strong>Role:</strong> Agency
            </p>
            <p className={styles.readOnly}>
              <strong>E-mail:</strong> {details.email}
            </p>
            {details.comments ? (
              <p className={styles.readOnly}>
                <strong>Comments on rejection:</strong> {details.comments}
              </p>
            ) : null}
            <TextField field={fields.name} label="Name" autoComplete="off" />
            <AgencyFields fields={fields} lookup={answer?.lookup ?? lookup} />
            <p className={styles.hint}>Submitting sends the agency for approval again.</p>
            <button type="submit" className={formStyles.primary} disabled={sending}>
              Submit
            </button>
          </Form>
          <NativeChecksWhileLoading />
        </div>
      ) : null}
      <OnboardingError message={answer?.error} />
    </section>
  )
}
