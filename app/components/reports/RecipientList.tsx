// The e-mail recipient list of the Save and Schedule Report form (spec accounts §2 "E-mail recipient
// list", §5): tabs Enter list and Upload, a search box 'search added emails' (case-insensitive), an add
// input (an invalid address is dropped silently, the input clears after each add), Remove all, the
// empty text 'Enter email id for schedule', and a CSV of e-mails (valid addresses lowercased and
// de-duplicated).
//
// The list always travels with the form as hidden `emailIds` inputs. Without JavaScript Add, Remove,
// Remove all, Search and Upload are submit buttons with an `intent`: the action answers the form as it
// was with the list changed, and both tabs are sections of the page. With JavaScript the same buttons
// change the list here, at once, and the tabs are tabs.
import { type KeyboardEvent, type MouseEvent, useId, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import {
  addRecipient,
  FIELD,
  INTENT,
  matchesSearch,
  recipientsFromCsv,
} from '../../models/report-schedule.schema'
import { primary, secondary } from '../form.css'
import * as form from './reports.css'
import * as styles from './save-schedule.css'

export function RecipientList({
  emails,
  search,
  max,
  emptyText,
  error,
}: {
  emails: readonly string[]
  search: string
  /** The most addresses a report takes (the contract's REPORT_RECIPIENTS_MAX). */
  max: number
  /** spec §2: 'Enter email id for schedule'. */
  emptyText: string
  error?: string
}) {
  const id = useId()
  const hydrated = useHydrated()
  const [list, setList] = useState<string[]>([...emails])
  const [query, setQuery] = useState(search)
  const [tab, setTab] = useState<'list' | 'upload'>('list')
  const addInput = useRef<HTMLInputElement>(null)
  const fileInput = useRef<HTMLInputElement>(null)
  const [uploadNote, setUploadNote] = useState('')

  const visible = list.filter((address) => matchesSearch(address, query))
  const cap = (next: string[]) => next.slice(0, max)

  // With JS each button changes the list here instead of posting (the no-JS path).
  const add = (event: MouseEvent | KeyboardEvent) => {
    event.preventDefault()
    const input = addInput.current
    if (!input) return
    const typed = input.value
    setList((current) => cap(addRecipient(current, typed)))
    input.value = ''
    input.focus()
  }
  const removeOne = (address: string) => (event: MouseEvent) => {
    event.preventDefault()
    setList((current) => current.filter((e) => e !== address))
    addInput.current?.focus()
  }
  const removeAll = (event: MouseEvent) => {
    event.preventDefault()
    setList([])
    addInput.current?.focus()
  }
  const upload = async (event: MouseEvent) => {
    event.preventDefault()
    const file = fileInput.current?.files?.[0]
    if (!file) {
      setUploadNote('Choose a CSV file first')
      return
    }
    const text = await file.text()
    const before = list.length
    const next = cap(recipientsFromCsv(list, text))
    setList(next)
    setUploadNote(`${next.length - before} added`)
    if (fileInput.current) fileInput.current.value = ''
  }

  const listPanel = (
    <div className={styles.tabPanel}>
      <div className={styles.inlineRow}>
        <div className={`${form.field} ${styles.grow}`}>
          <label htmlFor={`${id}-add`}>Add e-mail</label>
          <input
            ref={addInput}
            id={`${id}-add`}
            name={FIELD.emailInput}
            type="email"
            inputMode="email"
            autoComplete="off"
            maxLength={254}
            className={form.control}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? `${id}-error` : undefined}
            onKeyDown={(event) => {
              if (hydrated && event.key === 'Enter') add(event)
            }}
          />
        </div>
        <button
          type="submit"
          name="intent"
          value={INTENT.addEmail}
          formNoValidate
          className={secondary}
          onClick={hydrated ? add : undefined}
        >
          Add
        </button>
      </div>
      <div className={styles.inlineRow}>
        <div className={`${form.field} ${styles.grow}`}>
          <label htmlFor={`${id}-search`}>Search added e-mails</label>
          <input
            id={`${id}-search`}
            name={FIELD.emailSearch}
            type="search"
            placeholder="search added emails"
            defaultValue={search}
            maxLength={254}
            className={form.control}
            onChange={(event) => setQuery(event.currentTarget.value)}
            onKeyDown={(event) => {
              if (hydrated && event.key === 'Enter') event.preventDefault()
            }}
          />
        </div>
        {hydrated ? null : (
          <button type="submit" name="intent" value={INTENT.search} formNoValidate className={secondary}>
            Search
          </button>
        )}
        <button
          type="submit"
          name="intent"
          value={INTENT.removeAll}
          formNoValidate
          className={secondary}
          onClick={hydrated ? removeAll : undefined}
          disabled={list.length === 0}
        >
          Remove all
        </button>
      </div>
      <p className={styles.muted} aria-live="polite" data-testid="recipient-count">
        {list.length === 1 ? '1 recipient' : `${list.length} recipients`}
        {query.trim() && list.length ? `, ${visible.length} shown` : ''}
      </p>
      {list.length === 0 ? (
        <p className={styles.muted}>{emptyText}</p>
      ) : (
        <ul className={styles.list} aria-label="Recipients" data-testid="recipients">
          {visible.map((address) => (
            <li key={address} className={styles.item}>
              <span className={styles.address}>{address}</span>
              <button
                type="submit"
                name="intent"
                value={`${INTENT.removePrefix}${address}`}
                formNoValidate
                className={styles.linkButton}
                aria-label={`Remove ${address}`}
                onClick={hydrated ? removeOne(address) : undefined}
              >
                Remove
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )

  const uploadPanel = (
    <div className={styles.tabPanel}>
      <div className={form.field}>
        <label htmlFor={`${id}-file`}>CSV file of e-mails</label>
        <input
          ref={fileInput}
          id={`${id}-file`}
          name={FIELD.emailFile}
          type="file"
          accept=".csv,text/csv"
          className={styles.fileInput}
        />
      </div>
      <div className={form.actions}>
        <button
          type="submit"
          name="intent"
          value={INTENT.upload}
          formNoValidate
          className={primary}
          onClick={hydrated ? upload : undefined}
        >
          Upload
        </button>
        <span className={styles.muted} role="status">
          {uploadNote}
        </span>
      </div>
    </div>
  )

  return (
    <fieldset className={styles.group} aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={form.legend}>E-mail recipients</legend>
      {list.map((address) => (
        <input key={address} type="hidden" name={FIELD.emailIds} value={address} />
      ))}
      {error ? (
        <p id={`${id}-error`} role="alert" className={form.fieldError}>
          {error}
        </p>
      ) : null}
      {hydrated ? (
        <>
          <div role="tablist" aria-label="E-mail recipients" className={styles.tabs}>
            {(['list', 'upload'] as const).map((name) => (
              <button
                key={name}
                type="button"
                role="tab"
                id={`${id}-tab-${name}`}
                aria-selected={tab === name}
                aria-controls={`${id}-panel-${name}`}
                tabIndex={tab === name ? 0 : -1}
                className={styles.tab}
                onClick={() => setTab(name)}
                onKeyDown={(event) => {
                  if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
                  event.preventDefault()
                  const other = name === 'list' ? 'upload' : 'list'
                  setTab(other)
                  document.getElementById(`${id}-tab-${other}`)?.focus()
                }}
              >
                {name === 'list' ? 'Enter list' : 'Upload'}
              </button>
            ))}
          </div>
          <div
            role="tabpanel"
            id={`${id}-panel-list`}
            aria-labelledby={`${id}-tab-list`}
            hidden={tab !== 'list'}
          >
            {listPanel}
          </div>
          <div
            role="tabpanel"
            id={`${id}-panel-upload`}
            aria-labelledby={`${id}-tab-upload`}
            hidden={tab !== 'upload'}
          >
            {uploadPanel}
          </div>
        </>
      ) : (
        <>
          <section aria-labelledby={`${id}-h-list`} className={styles.tabPanel}>
            <h3 id={`${id}-h-list`} className={styles.panelHeading}>
              Enter list
            </h3>
            {listPanel}
          </section>
          <section aria-labelledby={`${id}-h-upload`} className={styles.tabPanel}>
            <h3 id={`${id}-h-upload`} className={styles.panelHeading}>
              Upload
            </h3>
            {uploadPanel}
          </section>
        </>
      )}
    </fieldset>
  )
}
