// The campaign editor's step one (spec campaigns §2 "Create/Edit campaign", §4 "Form behaviour"; decision
// 029): one POST form that works without JavaScript (every extra button is a submit with an intent and
// the server answers with the values kept), and with it posts through Remix without a reload. The live
// behaviours are a few DOM touches, no state library: the editor's budget is ~10 KiB (decision 026).
import { Form, Link } from '@remix-run/react'
import { type ChangeEvent, type KeyboardEvent, type ReactNode, useState } from 'react'
import {
  type EditorAnswer,
  type EditorField,
  type EditorSettings,
  editorHeading,
  FIELD,
  INTENT,
  PACING_LABELS,
  pincodeRowValue,
} from '../../models/campaign-editor'
import { Banner } from '../Banner'
import * as s from './editor.css'

type FieldProps = { answer: EditorAnswer; name: EditorField }

function ErrorText({ answer, name }: FieldProps) {
  const message = answer.errors[name]
  return message ? (
    <p id={`${name}-error`} className={s.error}>
      {message}
    </p>
  ) : null
}

/** aria and focus of a field after an answer. */
function fieldAttrs(answer: EditorAnswer, name: EditorField) {
  const invalid = Boolean(answer.errors[name])
  return {
    id: name,
    'aria-invalid': invalid || undefined,
    'aria-describedby': invalid ? `${name}-error` : undefined,
    ...(answer.focus === name ? { autoFocus: true } : {}),
  }
}

function TextInput({
  answer,
  name,
  label,
  type = 'text',
  value,
  disabled,
  min,
  inputMode,
  hint,
}: FieldProps & {
  label: string
  type?: string
  value: string
  disabled?: boolean
  min?: string
  inputMode?: 'decimal' | 'numeric'
  hint?: string
}) {
  return (
    <div className={s.field}>
      <label htmlFor={name} className={s.label}>
        {label}
      </label>
      <input
        {...fieldAttrs(answer, name)}
        name={name}
        type={type}
        className={s.input}
        defaultValue={value}
        disabled={disabled}
        min={min}
        inputMode={inputMode}
      />
      {hint ? <p className={s.hint}>{hint}</p> : null}
      <ErrorText answer={answer} name={name} />
    </div>
  )
}

function Radios({
  legend,
  name,
  options,
  checked,
  enabled,
  labels,
}: {
  legend: string
  name: string
  options: readonly string[]
  checked: string
  enabled?: readonly string[]
  labels?: Record<string, string>
}) {
  return (
    <fieldset className={s.choices}>
      <legend className={s.choiceLegend}>{legend}</legend>
      {options.map((option) => (
        <label key={option} className={s.choice}>
          <input
            type="radio"
            name={name}
            value={option}
            defaultChecked={option === checked}
            disabled={enabled ? !enabled.includes(option) : false}
          />
          {labels?.[option] ?? option}
        </label>
      ))}
    </fieldset>
  )
}

/** spec §4 live, with JavaScript: Lifetime, start after end, pacing change, pincode type change. */
function useLiveBehaviour(settings: EditorSettings, clearPincodes: () => void) {
  return (event: ChangeEvent<HTMLFormElement>) => {
    const target = event.target as unknown as HTMLInputElement
    const form = target.form
    if (!form) return
    const input = (name: string) => form.elements.namedItem(name) as HTMLInputElement | null
    const end = input(FIELD.endDate)
    if (target.name === FIELD.lifetime && end) {
      end.disabled = target.checked
      if (target.checked) {
        end.value = ''
        const pacing = form.querySelector<HTMLInputElement>('input[name="pacing"]:checked')
        if (pacing && (pacing.value === 'evenly' || pacing.value === 'frontloaded')) {
          const asap = form.querySelector<HTMLInputElement>('input[name="pacing"][value="asap"]')
          if (asap) asap.checked = true
        }
      }
    }
    if (target.name === FIELD.startDate && end) {
      end.min = target.value || settings.today
      if (end.value && target.value > end.value) end.value = ''
    }
    if (target.name === FIELD.pacing) {
      const daily = input(FIELD.dailyBudget)
      if (daily) daily.value = ''
    }
    if (target.name === FIELD.pincodeFilter) clearPincodes()
  }
}

function TopBar({ settings, children }: { settings: EditorSettings; children?: ReactNode }) {
  return (
    <div className={s.topBar}>
      <Link to={settings.listPath} className={s.back} aria-label="Back to campaigns">
        ← Back
      </Link>
      <h1 className={s.heading}>{editorHeading(settings)}</h1>
      {settings.readOnly ? null : (
        <Link to={settings.discardPath} className={s.linkButton} preventScrollReset>
          Discard
        </Link>
      )}
      {children}
    </div>
  )
}

export function CampaignDetailsForm({
  settings,
  answer,
}: {
  settings: EditorSettings
  answer: EditorAnswer
}) {
  const v = answer.values
  const [rows, setRows] = useState(v.pincodes)
  const onChange = useLiveBehaviour(settings, () => setRows([]))
  const sponsored = settings.campaignClass === 'Sponsored'
  const listError = answer.errors.pincodesList ?? answer.errors.pincodesExcept
  const onPincodeKey = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key !== 'Enter') return
    event.preventDefault()
    event.currentTarget.form
      ?.querySelector<HTMLButtonElement>(`button[value="${INTENT.pincodeAdd}"]`)
      ?.click()
  }
  return (
    <Form
      method="post"
      action={settings.selfPath}
      encType="multipart/form-data"
      noValidate
      className={s.form}
      onChange={onChange}
      preventScrollReset
    >
      <TopBar settings={settings}>
        {/* First submit button of the form: Enter in a field saves (the default button). */}
        <button type="submit" name={FIELD.intent} value={INTENT.save} className={s.primaryButton}>
          Save &amp; continue
        </button>
      </TopBar>
      {settings.id ? <input type="hidden" name={FIELD.id} value={settings.id} /> : null}
      <input type="hidden" name={FIELD.campaignClass} value={settings.campaignClass} />
      {answer.banner ? <Banner kind="error">{answer.banner}</Banner> : null}
      <p role="status" className={s.hint}>
        {answer.notice ?? ''}
      </p>

      <fieldset className={s.section}>
        <legend className={s.legend}>Campaign Details</legend>
        <p className={s.meta}>
          Campaign class: <strong>{settings.campaignClass}</strong>
          {settings.jmcampaignId ? ` · Campaign ID ${settings.jmcampaignId}` : ''}
          {settings.stateLabel ? ` · ${settings.stateLabel}` : ''}
        </p>
        <div className={s.grid}>
          <TextInput answer={answer} name="campaignName" label="Campaign name" value={v.campaignName} />
          <TextInput
            answer={answer}
            name="startDate"
            label="Start date"
            type="date"
            value={v.startDate}
            min={settings.startLocked ? undefined : settings.today}
            disabled={settings.startLocked}
            hint={settings.startLocked ? 'The start date of a saved campaign cannot change.' : undefined}
          />
          <TextInput
            answer={answer}
            name="endDate"
            label="End date"
            type="date"
            value={v.lifetime ? '' : v.endDate}
            min={v.startDate || settings.today}
            disabled={v.lifetime}
          />
        </div>
        <label className={`${s.choice} ${settings.lifetimeDisabled ? s.dimmed : ''}`}>
          <input
            type="checkbox"
            name={FIELD.lifetime}
            defaultChecked={v.lifetime}
            disabled={settings.lifetimeDisabled}
          />
          Lifetime
        </label>
      </fieldset>

      <fieldset className={s.section}>
        <legend className={s.legend}>Targeting Type</legend>
        <Radios
          legend="Target by"
          name={FIELD.targetingType}
          options={settings.offeredTargeting}
          enabled={settings.targetingOptions}
          checked={v.targetingType}
        />
        {settings.mode === 'edit' ? (
          <p className={s.hint}>The targeting type of a saved campaign cannot change.</p>
        ) : null}
        <ErrorText answer={answer} name="targetingType" />
      </fieldset>

      <fieldset className={s.section}>
        <legend className={s.legend}>Pincode selection</legend>
        <input type="hidden" name={FIELD.shownPincodeFilter} value={v.pincodeFilter} />
        <Radios
          legend="Deliver to"
          name={FIELD.pincodeFilter}
          options={['ALL', 'CUSTOM', 'EXCEPT']}
          labels={{ ALL: 'All pincodes', CUSTOM: 'Only these pincodes', EXCEPT: 'All except these pincodes' }}
          checked={v.pincodeFilter}
        />
        <div className={s.pincodeArea}>
          <div className={s.row}>
            <div className={`${s.field} ${s.grow}`}>
              <label htmlFor="pincodeInput" className={s.label}>
                Pincode
              </label>
              <input
                {...fieldAttrs(answer, 'pincodeInput')}
                name={FIELD.pincodeInput}
                className={s.input}
                defaultValue={v.pincodeInput}
                inputMode="numeric"
                maxLength={6}
                pattern="[0-9]{6}"
                autoComplete="off"
                onInput={(e) => {
                  e.currentTarget.value = e.currentTarget.value.replace(/\D/g, '').slice(0, 6)
                }}
                onKeyDown={onPincodeKey}
              />
            </div>
            <button type="submit" name={FIELD.intent} value={INTENT.pincodeAdd} className={s.secondaryButton}>
              Add
            </button>
          </div>
          <ErrorText answer={answer} name="pincodeInput" />
          <div className={s.row}>
            <div className={`${s.field} ${s.grow}`}>
              <label htmlFor="pincodeCsv" className={s.label}>
                Pincode CSV (Pincode,District,State)
              </label>
              <input
                {...fieldAttrs(answer, 'pincodeCsv')}
                name={FIELD.pincodeCsv}
                type="file"
                accept=".csv"
              />
            </div>
            <button
              type="submit"
              name={FIELD.intent}
              value={INTENT.pincodeUpload}
              className={s.secondaryButton}
            >
              Upload
            </button>
          </div>
          <a href="/files/sample-pincodes.csv" download>
            Download sample pincodes CSV
          </a>
          <ErrorText answer={answer} name="pincodeCsv" />
          {rows.length > 0 ? (
            <div className={s.tableBox}>
              <table className={s.table}>
                <caption className={s.hint}>Selected pincodes ({rows.length})</caption>
                <thead>
                  <tr>
                    <th scope="col">Pincode</th>
                    <th scope="col">District</th>
                    <th scope="col">State</th>
                    <th scope="col">Action</th>
                  </tr>
                </thead>
                <tbody>
                  {rows.map((row) => (
                    <tr key={row.pincode}>
                      <td>
                        {row.pincode}
                        <input type="hidden" name={FIELD.pincodeRow} value={pincodeRowValue(row)} />
                      </td>
                      <td>{row.district}</td>
                      <td>{row.state}</td>
                      <td>
                        <button
                          type="submit"
                          name={FIELD.intent}
                          value={`${INTENT.pincodeRemove}:${row.pincode}`}
                          className={s.smallButton}
                          aria-label={`Remove ${row.pincode}`}
                        >
                          Remove
                        </button>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          ) : (
            <p className={s.hint}>No pincodes selected.</p>
          )}
          {listError ? (
            <p id="pincodes-error" className={s.error}>
              {listError}
            </p>
          ) : null}
        </div>
      </fieldset>

      {sponsored ? (
        <fieldset className={s.section}>
          <legend className={s.legend}>Campaign Budget</legend>
          <div className={s.grid}>
            <TextInput
              answer={answer}
              name="totalBudget"
              label="Total budget (₹)"
              value={v.totalBudget}
              inputMode="decimal"
            />
            <TextInput
              answer={answer}
              name="dailyBudget"
              label="Daily budget (₹)"
              value={v.dailyBudget}
              inputMode="decimal"
              hint="Required with manual pacing."
            />
          </div>
          <Radios
            legend="Pacing"
            name={FIELD.pacing}
            options={settings.pacingOptions}
            labels={PACING_LABELS}
            checked={v.pacing}
          />
        </fieldset>
      ) : null}

      <fieldset className={s.section}>
        <legend className={s.legend}>Bid</legend>
        {/* Bidding Strategy: Fixed, hidden and disabled (spec §2). */}
        <input type="hidden" name="biddingStrategy" value="Fixed" disabled />
        <div className={s.grid}>
          <TextInput
            answer={answer}
            name="cpm"
            label="Bid price (CPM, ₹)"
            value={v.cpm}
            inputMode="decimal"
            hint={sponsored ? 'Required for Category and Product targeting.' : undefined}
          />
          {sponsored ? null : (
            <>
              <TextInput
                answer={answer}
                name="cpd"
                label="CPD (₹)"
                value={v.cpd}
                inputMode="decimal"
                disabled={!settings.cpdEditable}
                hint={
                  settings.cpdEditable
                    ? undefined
                    : 'CPD can change only while the campaign is Scheduled Paused.'
                }
              />
              <TextInput answer={answer} name="privilegeTag" label="Privilege tag" value={v.privilegeTag} />
            </>
          )}
        </div>
      </fieldset>
    </Form>
  )
}

const money = (value: string) => (value === '' ? '—' : `₹${value}`)

/** A saved campaign's details, locked (spec §4: Save & continue disables the campaign details). */
export function CampaignSummary({ settings, answer }: { settings: EditorSettings; answer: EditorAnswer }) {
  const v = answer.values
  const sponsored = settings.campaignClass === 'Sponsored'
  const items: [string, string][] = [
    ['Campaign name', v.campaignName],
    ['Campaign class', settings.campaignClass],
    ['Status', settings.stateLabel ?? ''],
    ['Start date', v.startDate],
    ['End date', v.lifetime ? 'Lifetime' : v.endDate],
    ['Targeting type', v.targetingType],
    [
      'Pincodes',
      v.pincodeFilter === 'ALL'
        ? 'All pincodes'
        : `${v.pincodeFilter === 'CUSTOM' ? 'Only' : 'All except'} ${v.pincodes.map((p) => p.pincode).join(', ')}`,
    ],
  ]
  if (sponsored)
    items.push(
      ['Total budget', money(v.totalBudget)],
      ['Pacing', PACING_LABELS[v.pacing] ?? v.pacing],
      ['Daily budget', money(v.dailyBudget)],
    )
  items.push(['Bid price (CPM)', money(v.cpm)])
  if (!sponsored) items.push(['CPD', money(v.cpd)], ['Privilege tag', v.privilegeTag])
  return (
    <>
      <TopBar settings={settings}>
        {settings.editDetailsPath ? (
          <Link to={settings.editDetailsPath} className={s.linkButton}>
            Edit details
          </Link>
        ) : null}
      </TopBar>
      {settings.readOnly ? (
        <p className={s.meta}>This Privilege campaign is managed by the marketplace team: you can view it.</p>
      ) : null}
      <section className={s.section} aria-labelledby="details-heading" data-testid="campaign-details">
        <h2 id="details-heading" className={s.legend}>
          Campaign Details
        </h2>
        <dl className={s.summary}>
          {items.map(([term, value]) => (
            <div key={term}>
              <dt>{term}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
      </section>
    </>
  )
}
