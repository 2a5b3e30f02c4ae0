// The route dialog kit (decision 017). A dialog is a child route drawn over its parent page; `back` is
// the parent's URL (the list with its query). Without JavaScript it is the page's own section: the
// confirm control takes focus on load (autofocus), Cancel is the next tab stop and a link back. With
// JavaScript it is modal: Tab stays inside, Escape goes back, and focus returns to the control that
// opened it.
import { Form, Link, useNavigate, useNavigation } from '@remix-run/react'
import { type ReactNode, useEffect, useRef, useState } from 'react'
import { useHydrated } from 'remix-utils/use-hydrated'
import * as styles from './dialog.css'

const FOCUSABLE =
  'a[href], button:not(:disabled), input:not(:disabled):not([type="hidden"]), select:not(:disabled), textarea:not(:disabled), [tabindex]:not([tabindex="-1"])'

/** The tab stops inside `root`, in order (a radio group is one stop: its checked or first radio). */
function tabStops(root: HTMLElement): HTMLElement[] {
  const seen = new Set<string>()
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((element) => {
    if (!(element instanceof HTMLInputElement) || element.type !== 'radio') return true
    const group = root.querySelectorAll<HTMLInputElement>(
      `input[type="radio"][name="${CSS.escape(element.name)}"]:not(:disabled)`,
    )
    const stop = [...group].find((radio) => radio.checked) ?? group[0]
    if (stop !== element || seen.has(element.name)) return false
    seen.add(element.name)
    return true
  })
}

/**
 * The element that opened the dialog: the focused one as the route starts rendering (a click or Enter
 * on the link), else the link to this very URL (a page loaded at the dialog's URL, or a browser that
 * does not focus links on click).
 */
function findOpener(): HTMLElement | null {
  if (typeof document === 'undefined') return null
  const active = document.activeElement
  // A page loaded at the dialog's URL: the browser's autofocus is already inside the dialog.
  if (active instanceof HTMLElement && active !== document.body && !active.closest('[role="dialog"]')) {
    return active
  }
  const here = `${location.pathname}${location.search}`
  return document.querySelector<HTMLElement>(`a[href="${CSS.escape(here)}"]`)
}

export function RouteDialog({
  titleId,
  title,
  back,
  children,
}: {
  titleId: string
  title: string
  /** Where Cancel and Escape go: the page under the dialog. */
  back: string
  children: ReactNode
}) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const panel = useRef<HTMLElement>(null)
  // Read while rendering, before the dialog's autofocus moves focus.
  const [opener] = useState(findOpener)

  useEffect(() => {
    const root = panel.current
    if (!root) return
    if (!root.contains(document.activeElement)) tabStops(root)[0]?.focus()
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault()
        navigate(back, { preventScrollReset: true })
        return
      }
      if (event.key !== 'Tab') return
      const stops = tabStops(root)
      const first = stops[0]
      const last = stops.at(-1)
      if (!first || !last) return
      const inside = root.contains(document.activeElement)
      if (event.shiftKey && (!inside || document.activeElement === first)) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
        event.preventDefault()
        first.focus()
      }
    }
    // Focus that leaves by other means (a click on the page behind, a screen reader) comes back.
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !root.contains(event.target)) tabStops(root)[0]?.focus()
    }
    document.addEventListener('keydown', onKeyDown)
    document.addEventListener('focusin', onFocusIn)
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.removeEventListener('focusin', onFocusIn)
    }
  }, [back, navigate])

  // Closing gives focus back to the opener; if it is gone (the row just deleted), to the page heading.
  useEffect(
    () => () => {
      if (opener?.isConnected) {
        opener.focus()
        return
      }
      const heading = document.querySelector<HTMLElement>('main h1, h1')
      if (heading) {
        heading.tabIndex = -1
        heading.focus()
      }
    },
    [opener],
  )

  return (
    <div className={styles.overlay}>
      <section
        ref={panel}
        role="dialog"
        aria-modal={hydrated ? true : undefined}
        aria-labelledby={titleId}
        className={styles.panel}
      >
        <h2 id={titleId} className={styles.title}>
          {title}
        </h2>
        {children}
      </section>
    </div>
  )
}

/**
 * Spread on the dialog's first control. A dialog gives its first control focus when it opens (WAI-ARIA
 * dialog pattern); without JavaScript only the HTML autofocus attribute can, so the confirmation is the
 * first tab stop even though the dialog comes after its page in the document. (biome's noAutofocus is
 * about pages stealing focus on load; this is the dialog's own opening.)
 */
export const initialFocus = (focus = true) => (focus ? { autoFocus: true } : {})

/** Cancel: a link back to the page under the dialog, right after the confirm button. */
export function DialogCancel({ to }: { to: string }) {
  return (
    <Link to={to} className={styles.cancel} preventScrollReset>
      Cancel
    </Link>
  )
}

/**
 * A confirmation over its page: a question, an error if the last try failed, the confirm button first (it
 * takes focus) and Cancel back to the page. The campaign delete, the approval, link and de-link decisions
 * use it; a dialog with fields of its own composes RouteDialog itself. (Here, not in a module of its own:
 * one chunk fewer for every dialog route.)
 */
export function ConfirmDialog({
  titleId,
  title,
  back,
  action,
  confirm,
  busyLabel,
  danger = false,
  error,
  children,
}: {
  titleId: string
  title: string
  /** The page under the dialog (Cancel, Escape). */
  back: string
  /** Where the confirmation posts; the dialog's own route when absent. */
  action?: string
  /** The confirm button's text, and its text while the post is under way. */
  confirm: string
  busyLabel?: string
  /** A destructive action: the danger button. */
  danger?: boolean
  /** Why the last try failed, shown above the buttons (the caller's own panel or banner). */
  error?: ReactNode
  /** The question and anything the user should know first. */
  children: ReactNode
}) {
  const busy = useNavigation().state === 'submitting'
  return (
    <RouteDialog titleId={titleId} title={title} back={back}>
      {children}
      {error}
      <Form method="post" action={action} className={styles.actions} preventScrollReset>
        <button
          type="submit"
          className={danger ? styles.danger : styles.confirm}
          disabled={busy}
          {...initialFocus()}
        >
          {busy && busyLabel ? busyLabel : confirm}
        </button>
        <DialogCancel to={back} />
      </Form>
    </RouteDialog>
  )
}
