// The campaign editor's ad-group section (issue 10; decisions 026, 030). Each group is a native
// `<details>` card holding one form: every add, remove, upload and tab is a submit button
// `name="intent" value="adgroup-…"` and the group's working copy travels in a hidden field, so the page
// works without JavaScript. With JavaScript the same forms post through one fetcher (no reload); the
// keyword input is uncontrolled and the tables are memoised, so typing does not re-render 500 rows.
import { useActionData, useFetcher, useLocation } from '@remix-run/react'
import { type FormEvent, memo, useEffect, useRef, useState } from 'react'
import { adGroupNameProblem, MESSAGES } from '../../../platform/rules/campaign-editor'
import type {
  AdGroupEditorData,
  AdGroupView,
  ProductRow,
  SuggestionRow,
} from '../../models/adgroup-editor.server'
import {
  csvOf,
  type Download,
  type DownloadKind,
  downloadIntent,
} from '../../../platform/rules/editor-downloads'
import { saveDownload } from '../../models/adgroup-downloads'
import { ROUTES } from '../../route-table'
import { encodeWorking } from '../../models/adgroup-state'
import { keywordPage } from '../../models/keyword-pages'
import { Banner } from '../Banner'
import * as form from '../form.css'
import * as list from '../list/list.css'
import * as css from './adgroup.css'
import { formatRupees } from '../../utils/format'

/** A dialog's main action takes focus when it opens (also after a fetcher answer). */
const focusOnMount = (el: HTMLButtonElement | null) => el?.focus()

type Answer = { adGroupEditor?: AdGroupEditorData }
const FETCHER_KEY = 'adgroups'

const money = (rupees: number) => `₹${formatRupees(rupees)}`

/** Posts a card's form through the shared fetcher (`submitter`: the button pressed, or the radio changed). */
type Send = (form: HTMLFormElement, submitter: Element | null, intent?: string) => void

/** The control a post came from, to find it (or its neighbour) again after the answer re-renders. */
type FocusMark = { card: string | null; selector: string; family: string; index: number }

const POST = { method: 'post', encType: 'multipart/form-data' } as const

/**
 * One post at a time. A second post on the shared fetcher would abort the first (a radio's match-type
 * post overtaken by a quick Add lost the Add), so posts made while one is in flight wait their turn; each
 * is sent with the working copy the previous answer left in its card (the hidden `adgroup-state`), and
 * with what the user had typed or chosen when they pressed the button.
 */
function useSerialPosts(): Send {
  const fetcher = useFetcher<Answer>({ key: FETCHER_KEY })
  const queue = useRef<(() => FormData)[]>([])
  const busy = useRef(false)
  const mark = useRef<FocusMark | null>(null)
  const submit = fetcher.submit
  useEffect(() => {
    if (fetcher.state !== 'idle') return
    const next = queue.current.shift()
    if (next) {
      busy.current = true
      submit(next(), POST)
      return
    }
    busy.current = false
    restoreFocus(mark.current)
    mark.current = null
  }, [fetcher.state, submit])
  return (form, submitter, intent) => {
    const card = form.getAttribute('aria-label')
    const body = new FormData(form)
    const name = intent ? 'intent' : submitter?.getAttribute('name')
    const value = intent ?? (submitter as HTMLButtonElement | null)?.value
    if (name && value !== undefined) body.set(name, value)
    mark.current = markOf(form, submitter)
    const make = () => {
      const state = cardForm(card)?.querySelector<HTMLInputElement>('input[name="adgroup-state"]')
      if (state) body.set('adgroup-state', state.value)
      return body
    }
    if (busy.current || queue.current.length > 0) queue.current.push(make)
    else {
      busy.current = true
      submit(make(), POST)
    }
  }
}

/** A card's form by its label (the card may have been re-rendered since the label was read). */
const cardForm = (label: string | null) =>
  label ? document.querySelector<HTMLFormElement>(`form[aria-label="${label}"]`) : null

/** The intent buttons of one family in a scope, in page order. */
const familyIn = (scope: ParentNode, family: string) =>
  [...scope.querySelectorAll<HTMLButtonElement>('button[name="intent"]')].filter((b) =>
    b.value.startsWith(family),
  )

function markOf(form: HTMLFormElement, el: Element | null): FocusMark | null {
  if (!(el instanceof HTMLButtonElement || el instanceof HTMLInputElement) || !el.name) return null
  const selector = `[name="${el.name}"][value="${CSS.escape(el.value)}"]`
  // Row buttons ('adgroup-keyword-remove:shoes') form a family: when the row goes, its neighbour takes focus.
  const family = el.value.includes(':') ? `${el.value.split(':')[0]}:` : el.value
  const index = familyIn(form, family).indexOf(el as HTMLButtonElement)
  return { card: form.getAttribute('aria-label'), selector, family, index: Math.max(0, index) }
}

/** After an answer: if the control that posted is gone (re-rendered, or its row removed), focus its heir. */
function restoreFocus(mark: FocusMark | null) {
  if (!mark) return
  const active = document.activeElement
  if (active && active !== document.body && active.isConnected) return
  const scope = mark.card ? cardForm(mark.card) : document
  if (!scope) return
  const usable = (el: HTMLElement | null | undefined) =>
    el && !(el as HTMLButtonElement).disabled && el.offsetParent !== null ? el : null
  const family = familyIn(scope, mark.family)
  const heir =
    usable(scope.querySelector<HTMLElement>(mark.selector)) ??
    usable(family[Math.min(mark.index, family.length - 1)]) ??
    usable(scope.querySelector<HTMLElement>('[autofocus]')) ??
    usable(scope.querySelector<HTMLElement>('input:not([type=hidden]), textarea')) ??
    usable(document.getElementById('ad-groups-heading'))
  heir?.focus()
}

export function AdGroupSection({ data, readOnly }: { data: AdGroupEditorData; readOnly: boolean }) {
  const actionData = useActionData<Answer>()
  const fetcher = useFetcher<Answer>({ key: FETCHER_KEY })
  const send = useSerialPosts()
  const current = fetcher.data?.adGroupEditor ?? actionData?.adGroupEditor ?? data
  const editable = current.editable && !readOnly
  return (
    <section aria-labelledby="ad-groups-heading" className={css.section}>
      <h2 id="ad-groups-heading">Ad groups</h2>
      {current.banner ? <Banner kind="error">{current.banner}</Banner> : null}
      {current.groups.map((g, i) => (
        <GroupCard
          key={g.working.key}
          number={i + 1}
          group={g}
          data={current}
          editable={editable && !g.readOnly}
          send={send}
        />
      ))}
      {editable ? (
        <fetcher.Form method="post" className={form.actions} onSubmit={onSubmitWith(send)}>
          <button type="submit" name="intent" value="adgroup-new" className={form.secondary}>
            New Ad Group
          </button>
          <button
            type="submit"
            name="intent"
            value="adgroup-submit"
            className={form.primary}
            disabled={current.submitBlocked || fetcher.state !== 'idle'}
          >
            Submit
          </button>
        </fetcher.Form>
      ) : null}
    </section>
  )
}

/** A form's submit handed to `send` (with the button pressed), instead of Remix's own fetcher post. */
const onSubmitWith = (send: Send) => (event: FormEvent<HTMLFormElement>) => {
  event.preventDefault()
  send(event.currentTarget, (event.nativeEvent as SubmitEvent).submitter)
}

function GroupCard({
  number,
  group,
  data,
  editable,
  send,
}: {
  number: number
  group: AdGroupView
  data: AdGroupEditorData
  editable: boolean
  send: Send
}) {
  const fetcher = useFetcher<Answer>({ key: FETCHER_KEY })
  const w = group.working
  const id = `adgroup-${w.key}`
  const [nameError, setNameError] = useState<string | null>(null)
  const timer = useRef<ReturnType<typeof setTimeout>>()
  useEffect(() => () => clearTimeout(timer.current), [])
  const err = group.errors
  const busy = fetcher.state !== 'idle'
  const keywordTargeting = data.targetingType === 'Keyword'
  const downloadPath = useDownloadPath()
  const sampleKeywords = data.campaignClass === 'Privilege' ? 'sample-keywords-cpd' : 'sample-keywords'

  // With JS, a radio change applies the match type at once (remapping the bids).
  function onMatchChange(event: FormEvent<HTMLInputElement>) {
    const formEl = event.currentTarget.form
    if (formEl) send(formEl, event.currentTarget, 'adgroup-match-type')
  }
  // Without JavaScript the page comes back with `autofocus` where the keyboard user left off.
  const focus = (key: string) => (group.focus === key ? { autoFocus: true } : {})

  const fieldError = (field: keyof AdGroupView['errors'], errorId: string) =>
    err[field] ? (
      <p id={errorId} className={list.fieldError} role="alert">
        {err[field]}
      </p>
    ) : null
  const tab = (value: string, label: string, active: boolean) => (
    <button
      {...focus(`intent:${value}`)}
      type="submit"
      name="intent"
      value={value}
      className={active ? `${form.secondary} ${css.tabActive}` : form.secondary}
      aria-pressed={active}
    >
      {label}
    </button>
  )

  return (
    <details className={css.card} open={group.open}>
      <summary className={css.summary}>
        Ad Group - {number}
        {w.name ? `: ${w.name}` : ''}
      </summary>
      <div className={css.body}>
        {group.notice ? (
          <Banner kind={group.processingStatus === 3 ? 'error' : 'info'}>{group.notice}</Banner>
        ) : null}
        {editable ? (
          <fetcher.Form
            method="post"
            encType="multipart/form-data"
            className={css.body}
            aria-label={`Ad Group - ${number}`}
            onSubmit={onSubmitWith(send)}
          >
            {/* The default button: Enter in a field saves the group (not the first tab). */}
            <button
              type="submit"
              name="intent"
              value="adgroup-save"
              className={list.visuallyHidden}
              tabIndex={-1}
            >
              Save ad group
            </button>
            <input type="hidden" name="adgroup-state" value={encodeWorking(w)} />
            {err.form ? <Banner kind="error">{err.form}</Banner> : null}
            {group.info ? (
              <p className={css.info} role="status">
                {group.info}
              </p>
            ) : null}
            <div className={form.field}>
              <label htmlFor={`${id}-name`}>Ad group name</label>
              <input
                {...focus('field:adgroup-name')}
                id={`${id}-name`}
                name="adgroup-name"
                className={form.input}
                defaultValue={w.name}
                maxLength={200}
                aria-invalid={Boolean(err.name ?? nameError)}
                aria-describedby={`${id}-name-error`}
                onChange={(e) => {
                  const value = e.currentTarget.value
                  clearTimeout(timer.current)
                  timer.current = setTimeout(() => setNameError(adGroupNameProblem(value)), 500)
                }}
              />
              {nameError && !err.name ? (
                <p id={`${id}-name-error`} className={list.fieldError} role="alert">
                  {nameError}
                </p>
              ) : (
                fieldError('name', `${id}-name-error`)
              )}
            </div>

            <fieldset className={css.group}>
              <legend className={css.legend}>Products</legend>
              <div className={css.row}>
                {tab('adgroup-tab-products-list', 'Enter list', w.productTab === 'list')}
                {tab('adgroup-tab-products-upload', 'Upload', w.productTab === 'upload')}
              </div>
              {w.productTab === 'list' ? (
                <div className={form.field}>
                  <label htmlFor={`${id}-products`}>Product ids (comma, space or line separated)</label>
                  <textarea
                    {...focus('field:adgroup-product-ids')}
                    id={`${id}-products`}
                    name="adgroup-product-ids"
                    className={css.textarea}
                    defaultValue={group.values.productIds ?? ''}
                    key={`p${w.products.length}`}
                    aria-describedby={`${id}-products-error`}
                  />
                  {fieldError('productIds', `${id}-products-error`)}
                  <div>
                    <button
                      type="submit"
                      name="intent"
                      value="adgroup-products-add"
                      className={form.secondary}
                    >
                      Add products
                    </button>
                  </div>
                </div>
              ) : (
                <div className={form.field}>
                  <label htmlFor={`${id}-product-file`}>Products CSV file</label>
                  <input
                    id={`${id}-product-file`}
                    type="file"
                    name="adgroup-product-file"
                    accept=".csv"
                    aria-describedby={`${id}-pfile-error`}
                  />
                  {fieldError('productFile', `${id}-pfile-error`)}
                  <div className={css.row}>
                    <button
                      type="submit"
                      {...focus('intent:adgroup-products-upload')}
                      name="intent"
                      value="adgroup-products-upload"
                      className={form.secondary}
                    >
                      Upload
                    </button>
                    <a href="/files/sample-products.csv" download>
                      Download sample
                    </a>
                  </div>
                </div>
              )}
              {group.productProblems.length > 0 ? (
                <ul aria-label="Refused products" className={list.fieldError}>
                  {group.productProblems.map((p) => (
                    <li key={p}>{p}</li>
                  ))}
                </ul>
              ) : null}
              {fieldError('products', `${id}-selected-error`)}
              {group.popup?.kind === 'productLimit' ? (
                <div role="alertdialog" aria-labelledby={`${id}-limit`} className={css.dialog}>
                  <p id={`${id}-limit`}>{MESSAGES.productLimit}</p>
                  <div>
                    <button
                      type="submit"
                      name="intent"
                      value="adgroup-dismiss"
                      className={form.primary}
                      ref={focusOnMount}
                    >
                      Try Again
                    </button>
                  </div>
                </div>
              ) : null}
              <ProductTable products={group.products} editable />
            </fieldset>

            {keywordTargeting ? (
              <fieldset className={css.group}>
                <legend className={css.legend}>Keyword targeting</legend>
                <fieldset className={css.group}>
                  <legend>Match type</legend>
                  <div className={css.row}>
                    {data.matchTypes.map((m) => (
                      <label key={m.code}>
                        <input
                          {...(w.matchType === m.code ? focus('field:adgroup-match') : {})}
                          type="radio"
                          name="adgroup-match"
                          value={m.code}
                          defaultChecked={w.matchType === m.code}
                          onChange={onMatchChange}
                        />{' '}
                        {m.label}
                      </label>
                    ))}
                    <noscript>
                      <button
                        type="submit"
                        name="intent"
                        value="adgroup-match-type"
                        className={form.secondary}
                      >
                        Apply match type
                      </button>
                    </noscript>
                  </div>
                </fieldset>
                <div className={css.row} key={`k${w.keywords.length}`}>
                  <div className={form.field}>
                    <label htmlFor={`${id}-keyword`}>Keyword</label>
                    <input
                      {...focus('field:adgroup-keyword')}
                      id={`${id}-keyword`}
                      name="adgroup-keyword"
                      className={form.input}
                      defaultValue={group.values.keyword ?? ''}
                      maxLength={200}
                      aria-describedby={`${id}-keyword-error`}
                    />
                  </div>
                  <div className={form.field}>
                    <label htmlFor={`${id}-bid`}>Bid (₹)</label>
                    <input
                      id={`${id}-bid`}
                      name="adgroup-bid"
                      className={form.input}
                      inputMode="decimal"
                      defaultValue={group.values.bid ?? ''}
                      size={8}
                    />
                  </div>
                  <button type="submit" name="intent" value="adgroup-keyword-add" className={form.secondary}>
                    Add keyword
                  </button>
                </div>
                {fieldError('keyword', `${id}-keyword-error`)}
                {fieldError('keywords', `${id}-keywords-error`)}
                <div className={css.row}>
                  {tab('adgroup-tab-keywords-suggested', 'Suggested', w.keywordTab === 'suggested')}
                  {tab('adgroup-tab-keywords-upload', 'Upload', w.keywordTab === 'upload')}
                </div>
                {w.keywordTab === 'suggested' ? (
                  <Suggestions suggestions={group.suggestions} focus={group.focus} />
                ) : (
                  <div className={form.field}>
                    <label htmlFor={`${id}-keyword-file`}>Keywords CSV file (Keyword,Bid)</label>
                    <input
                      id={`${id}-keyword-file`}
                      type="file"
                      name="adgroup-keyword-file"
                      accept=".csv"
                      aria-describedby={`${id}-kfile-error`}
                    />
                    {fieldError('keywordFile', `${id}-kfile-error`)}
                    <div className={css.row}>
                      <button
                        {...focus('intent:adgroup-keywords-upload')}
                        type="submit"
                        name="intent"
                        value="adgroup-keywords-upload"
                        className={form.secondary}
                      >
                        Upload
                      </button>
                      <a href={`/files/${sampleKeywords}.csv`} download>
                        Download sample
                      </a>
                    </div>
                  </div>
                )}
                {group.popup?.kind === 'tooManyKeywords' ? (
                  <div role="alertdialog" aria-labelledby={`${id}-many`} className={css.dialog}>
                    <h3 id={`${id}-many`}>{MESSAGES.tooManyKeywordsTitle}</h3>
                    <p>{MESSAGES.tooManyKeywords}</p>
                    <input type="hidden" name="adgroup-pending" value={group.popup.pending} />
                    <div className={css.row}>
                      <button type="submit" name="intent" value="adgroup-dismiss" className={form.secondary}>
                        Cancel
                      </button>
                      <button
                        type="submit"
                        name="intent"
                        value="adgroup-keywords-continue"
                        className={form.primary}
                        ref={focusOnMount}
                      >
                        Continue
                      </button>
                    </div>
                  </div>
                ) : null}
                <KeywordTable
                  keywords={w.keywords}
                  editable
                  page={w.keywordPage}
                  focusedPage={pageFocus(group.focus)}
                />
              </fieldset>
            ) : null}
            <div className={form.actions}>
              <button
                type="submit"
                name="intent"
                value="adgroup-save"
                className={form.secondary}
                disabled={busy}
              >
                Save ad group
              </button>
              {data.mayDelete && w.id !== null ? (
                <button type="submit" name="intent" value="adgroup-delete" className={form.secondary}>
                  Delete
                </button>
              ) : null}
            </div>
          </fetcher.Form>
        ) : (
          // A form only for the Download buttons, which post the working copy without JavaScript.
          <form
            method="post"
            action={downloadPath}
            encType="multipart/form-data"
            className={css.body}
            aria-label={`Ad Group - ${number}`}
          >
            <input type="hidden" name="adgroup-state" value={encodeWorking(w)} />
            <ProductTable products={group.products} editable={false} />
            {keywordTargeting ? <KeywordTable keywords={w.keywords} editable={false} /> : null}
          </form>
        )}
      </div>
    </details>
  )
}

const ProductTable = memo(function ProductTable({
  products,
  editable,
}: {
  products: ProductRow[]
  editable: boolean
}) {
  if (products.length === 0) return <p>No products selected.</p>
  return (
    <div className={list.tableWrap}>
      <table className={list.table}>
        <caption>
          Selected products ({products.length}){' '}
          <DownloadButton kind="products" csv={() => csvOf('products', products)} />
        </caption>
        <thead>
          <tr>
            <th className={list.headCell}>Image</th>
            <th className={list.headCell}>Name</th>
            <th className={list.headNumeric}>Price</th>
            <th className={list.headCell}>Tag</th>
            {editable ? <th className={list.headCell}>Action</th> : null}
          </tr>
        </thead>
        <tbody>
          {products.map((p) => (
            <tr key={p.productId}>
              <td className={list.cell}>
                {p.imageUrl ? <img src={p.imageUrl} alt="" className={css.thumb} loading="lazy" /> : null}
              </td>
              <td className={list.cell}>
                {p.name} ({p.productId})
              </td>
              <td className={list.numeric}>{money(p.price)}</td>
              <td className={list.cell}>{p.tag}</td>
              {editable ? (
                <RemoveCell
                  intent={`adgroup-products-remove:${p.productId}`}
                  label={`Remove product ${p.productId}`}
                />
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
})

/** The page button a keyboard user pressed last (autofocus after a post without JavaScript). */
const pageFocus = (focus: string | null) =>
  focus?.startsWith(`intent:${PAGE_INTENT}`) ? Number(focus.slice(`intent:${PAGE_INTENT}`.length)) : null

const PAGE_INTENT = 'adgroup-keywords-page:'

/**
 * The selected keywords. In the group's form (editable) the table shows one page of 50 with a button per
 * page (decision 070); read-only, it lists them all, as there is no form to post a page from.
 */
const KeywordTable = memo(function KeywordTable({
  keywords,
  editable,
  page,
  focusedPage = null,
}: {
  keywords: AdGroupView['working']['keywords']
  editable: boolean
  page?: number
  focusedPage?: number | null
}) {
  if (keywords.length === 0) return <p>No keywords selected.</p>
  const shown = editable
    ? keywordPage(keywords, page)
    : { page: 1, pages: 1, rows: keywords, from: 1, to: keywords.length }
  return (
    <div className={list.tableWrap}>
      <table className={list.table}>
        <caption>
          Selected keywords ({keywords.length}){' '}
          <DownloadButton kind="keywords" csv={() => csvOf('keywords', keywords)} />
          {editable ? (
            <>
              {' '}
              <button type="submit" name="intent" value="adgroup-keywords-clear" className={form.secondary}>
                Remove all
              </button>
            </>
          ) : null}
        </caption>
        <thead>
          <tr>
            <th className={list.headCell}>Keyword</th>
            <th className={list.headCell}>Match type</th>
            <th className={list.headNumeric}>Bid</th>
            {editable ? <th className={list.headCell}>Action</th> : null}
          </tr>
        </thead>
        <tbody>
          {shown.rows.map((k) => (
            <tr key={k.keyword.toLowerCase()}>
              <td className={list.cell}>{k.keyword}</td>
              <td className={list.cell}>{MATCH_LABEL[k.match_type]}</td>
              <td className={list.numeric}>{money(k.bid_price)}</td>
              {editable ? (
                <RemoveCell
                  intent={`adgroup-keyword-remove:${k.keyword}`}
                  label={`Remove keyword ${k.keyword}`}
                />
              ) : null}
            </tr>
          ))}
        </tbody>
      </table>
      {shown.pages > 1 ? (
        <nav className={css.row} aria-label="Pages of selected keywords">
          <span>
            Showing {shown.from}–{shown.to} of {keywords.length}
          </span>
          {Array.from({ length: shown.pages }, (_, i) => i + 1).map((p) => (
            <button
              key={p}
              {...(focusedPage === p ? { autoFocus: true } : {})}
              type="submit"
              name="intent"
              value={`${PAGE_INTENT}${p}`}
              className={p === shown.page ? `${form.secondary} ${css.tabActive}` : form.secondary}
              aria-label={`Selected keywords page ${p}`}
              aria-current={p === shown.page ? 'page' : undefined}
            >
              {p}
            </button>
          ))}
        </nav>
      ) : null}
    </div>
  )
})
/** Where a card posts its Download without JavaScript: the editor's campaign (?id=N) at the download route. */
function useDownloadPath() {
  return `${ROUTES.createCampaignDownload.path}${useLocation().search}`
}

/**
 * A list's Download (decision 077). With JavaScript the file is written in the browser on the click;
 * without, the button posts the card's working copy to the download route, which answers the same file.
 */
function DownloadButton({ kind, csv }: { kind: DownloadKind; csv: () => Download }) {
  return (
    <button
      type="submit"
      name="intent"
      value={downloadIntent(kind)}
      formAction={useDownloadPath()}
      className={form.secondary}
      onClick={(event) => {
        event.preventDefault()
        saveDownload(csv())
      }}
    >
      Download
    </button>
  )
}

/** A selected row's Remove: a submit button whose intent names the row (a button has one value). */
function RemoveCell({ intent, label }: { intent: string; label: string }) {
  return (
    <td className={list.cell}>
      <button type="submit" name="intent" value={intent} className={form.secondary} aria-label={label}>
        Remove
      </button>
    </td>
  )
}

const MATCH_LABEL: Record<number, string> = { 0: 'Phrase', 1: 'Exact', 2: 'Broad' }

const Suggestions = memo(function Suggestions({
  suggestions,
  focus,
}: {
  suggestions: SuggestionRow[]
  focus: string | null
}) {
  if (suggestions.length === 0) return <p>Add products to see suggested keywords.</p>
  return (
    <div className={list.tableWrap}>
      <table className={list.table}>
        <caption>
          Suggested keywords{' '}
          <DownloadButton kind="suggestions" csv={() => csvOf('suggestions', suggestions)} />
        </caption>
        <thead>
          <tr>
            <th className={list.headCell}>Keyword</th>
            <th className={list.headNumeric}>Suggested bid</th>
            <th className={list.headCell}>Action</th>
          </tr>
        </thead>
        <tbody>
          {suggestions.map((s) => (
            <tr key={s.keyword}>
              <td className={list.cell}>{s.keyword}</td>
              <td className={list.numeric}>{money(s.bid)}</td>
              <td className={list.cell}>
                <button
                  {...(focus === `intent:adgroup-suggestion-add:${s.keyword}` ? { autoFocus: true } : {})}
                  type="submit"
                  name="intent"
                  value={`adgroup-suggestion-add:${s.keyword}`}
                  className={form.secondary}
                  aria-label={`Add keyword ${s.keyword}`}
                >
                  Add
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
})
