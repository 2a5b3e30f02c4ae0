import type { SubmissionResult } from '@conform-to/react'
import { Form, Link, useFetcher, useLocation, useSubmit } from '@remix-run/react'
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import type { Account } from '../../platform/contracts/auth'
import { TEXT_MAX } from '../../platform/rules/text'
import type { AccountPickerData } from '../models/select-account.server'
import { selectAccountForm } from '../models/account.schema'
import { useZodForm } from '../utils/use-zod-form'
import * as picker from './account-picker.css'
import * as styles from './form.css'
import { NativeChecksWhileLoading, TextField } from './FormParts'
import * as list from './list/list.css'
import { type Column, ListTable } from './list/ListTable'

const COLUMNS: Column[] = [
  { label: 'Name' },
  { label: 'ID', numeric: true },
  { label: 'Type' },
  { label: 'Action' },
]

const KIND_LABEL: Record<Account['kind'], string> = { SELLER: 'Seller', BRAND: 'Brand' }

/**
 * Account selection, shared by /admin/select-account and /select-account: the spec's 'Enter brand or
 * seller ID' with View Account, and a search by name or id listing the accounts the platform lets this
 * user act for (a GET form without JS; with JS the field is also a combobox that lists matches as one
 * types). Docs: docs/decisions/024.
 */
export function SelectAccountPage({
  data,
  lastResult,
  agency,
}: {
  data: AccountPickerData
  lastResult?: SubmissionResult<string[]>
  /** An agency sees its linked brands only, and is told where links come from. */
  agency: boolean
}) {
  const [form, fields] = useZodForm(selectAccountForm, lastResult)
  const { current } = data
  return (
    <div className={picker.page}>
      <section aria-labelledby="select-account-heading" className={styles.card}>
        <h1 id="select-account-heading">Select account</h1>
        {current ? (
          <p>
            {current.name ? (
              <>
                Currently viewing <strong>{current.name}</strong> ({current.id}).
              </>
            ) : (
              `Currently viewing account ${current.id}.`
            )}
          </p>
        ) : null}
        <Form method="post" {...form.props} className={styles.form}>
          <TextField
            field={fields.accountId}
            label="Enter brand or seller ID"
            inputMode="numeric"
            autoComplete="off"
          />
          <button type="submit" className={styles.primary}>
            View Account
          </button>
        </Form>
        <NativeChecksWhileLoading />
      </section>
      <AccountSearch data={data} agency={agency} />
    </div>
  )
}

function AccountSearch({ data, agency }: { data: AccountPickerData; agency: boolean }) {
  const { q, accounts, more, searchError } = data
  const typed = q.trim()
  const caption = typed
    ? `Accounts matching “${typed}”`
    : agency
      ? 'Brands linked to your agency'
      : 'Accounts'
  const summary = `${accounts.length}${more ? '+' : ''} ${accounts.length === 1 ? 'account' : 'accounts'}`
  return (
    <section aria-labelledby="find-account-heading" className={picker.page}>
      <h2 id="find-account-heading">Find an account</h2>
      <SearchForm q={q} error={searchError} initial={accounts} />
      {searchError ? null : accounts.length === 0 ? (
        <div className={list.empty}>
          <p className={list.emptyTitle}>{typed ? 'No accounts match your search.' : 'No accounts yet.'}</p>
          {agency ? (
            <p className={list.muted}>
              Only brands that approved your link request are listed. <Link to="/link">Request a link</Link>
            </p>
          ) : null}
        </div>
      ) : (
        <>
          <ListTable caption={caption} columns={COLUMNS} summary={summary}>
            {accounts.map((account) => (
              <tr key={account.id}>
                <td className={list.cell}>{account.name}</td>
                <td className={list.numeric}>{account.id}</td>
                <td className={list.cell}>{KIND_LABEL[account.kind]}</td>
                <td className={list.cell}>
                  <Form method="post">
                    <input type="hidden" name="accountId" value={account.id} />
                    <button
                      type="submit"
                      className={list.button}
                      aria-label={`Select ${account.name} (${account.id})`}
                    >
                      Select
                    </button>
                  </Form>
                </td>
              </tr>
            ))}
          </ListTable>
          {more ? (
            <p className={picker.note}>
              Showing the first {accounts.length} matches. Type more of the name or ID to narrow the list.
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}

/**
 * The search field. Without JS it is a plain search of a GET form (Search lists the matches below).
 * With JS it is also an ARIA 1.2 combobox: typing lists matches under it, arrows move, Enter or a click
 * opens the account, Escape closes the list; Enter with no option picked runs the search.
 */
function SearchForm({ q, error, initial }: { q: string; error: string | null; initial: Account[] }) {
  const hydrated = useHydrated()
  const fetcher = useFetcher<AccountPickerData>()
  const submit = useSubmit()
  const { pathname } = useLocation()
  const [text, setText] = useState(q)
  const [open, setOpen] = useState(false)
  const [active, setActive] = useState(-1)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  const id = useId()
  const listId = `${id}-accounts`
  const errorId = `${id}-error`
  const options = fetcher.data?.accounts ?? initial
  const count = fetcher.data ? options.length : null

  useEffect(() => () => clearTimeout(timer.current), [])
  useEffect(() => setText(q), [q])

  function search(value: string) {
    setText(value)
    setActive(-1)
    setOpen(true)
    clearTimeout(timer.current)
    timer.current = setTimeout(() => fetcher.load(`${pathname}?q=${encodeURIComponent(value)}`), 200)
  }

  function choose(account: Account) {
    setOpen(false)
    submit({ accountId: String(account.id) }, { method: 'post' })
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    const last = options.length - 1
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) setOpen(true)
      if (last < 0) return
      const down = event.key === 'ArrowDown'
      setActive((i) => (down ? (i >= last ? 0 : i + 1) : i <= 0 ? last : i - 1))
    } else if (event.key === 'Enter' && open && active >= 0 && options[active]) {
      event.preventDefault()
      choose(options[active])
    } else if (event.key === 'Escape' && open) {
      event.preventDefault()
      setOpen(false)
      setActive(-1)
    }
  }

  const expanded = hydrated && open && options.length > 0
  const combobox = hydrated
    ? {
        role: 'combobox',
        'aria-autocomplete': 'list' as const,
        'aria-expanded': expanded,
        'aria-controls': listId,
        'aria-activedescendant': expanded && active >= 0 ? `${listId}-${active}` : undefined,
        onKeyDown,
        onBlur: () => setOpen(false),
        onChange: (event: React.ChangeEvent<HTMLInputElement>) => search(event.target.value),
        value: text,
      }
    : { defaultValue: q }

  return (
    <Form method="get" role="search" aria-label="Find an account" className={styles.form}>
      <div className={styles.field}>
        <label htmlFor={`${id}-q`}>Search by name or ID</label>
        <div className={picker.searchRow}>
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            autoComplete="off"
            spellCheck={false}
            maxLength={TEXT_MAX.line}
            className={picker.searchInput}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            {...combobox}
          />
          <button type="submit" className={styles.secondary}>
            Search
          </button>
          {hydrated ? (
            <div
              id={listId}
              role="listbox"
              aria-label="Matching accounts"
              className={picker.listbox}
              hidden={!expanded}
            >
              {options.map((account, i) => (
                // biome-ignore lint/a11y/useKeyWithClickEvents: the combobox's field handles the keys (aria-activedescendant).
                <div
                  key={account.id}
                  id={`${listId}-${i}`}
                  role="option"
                  tabIndex={-1}
                  aria-selected={i === active}
                  className={picker.option}
                  onMouseDown={(event) => event.preventDefault()}
                  onClick={() => choose(account)}
                >
                  <span className={picker.optionName}>{account.name}</span>
                  <span className={picker.meta}>
                    {account.id} · {KIND_LABEL[account.kind]}
                  </span>
                </div>
              ))}
            </div>
          ) : null}
        </div>
        {error ? (
          <p id={errorId} className={styles.error} role="alert">
            {error}
          </p>
        ) : null}
      </div>
      {hydrated ? (
        <p role="status" className={list.visuallyHidden}>
          {open && count !== null ? `${count} matching account${count === 1 ? '' : 's'}` : ''}
        </p>
      ) : null}
    </Form>
  )
}
