// Styles of the saved-reports list and view, the default-reports page and the OTP download dialog
// (decision 043). Narrow first: at 360 px the tables scroll in their own box and everything else wraps.
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { primary, secondary } from '../form.css'
import { cell } from '../list/list.css'

export const page = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })
export const titleRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md })
export const title = style({ margin: 0, marginRight: 'auto', overflowWrap: 'anywhere', minWidth: 0 })
export const headerLink = style([secondary, { display: 'inline-block', textDecoration: 'none' }])

export const wrapCell = style([cell, { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: '7rem' }])
export const link = style({ color: vars.color.link })

/** The row's actions: links and the Download button, each at least 24 px high. */
export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
})
// Positioned, so the visually hidden report name inside each action is placed (and clipped) within the
// table's scrolling box rather than against the page, where it would widen the page at 360 px.
export const actionLink = style({
  position: 'relative',
  color: vars.color.link,
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '24px',
})
export const actionButton = style({
  position: 'relative',
  background: 'none',
  border: 'none',
  padding: 0,
  minHeight: '24px',
  color: vars.color.link,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
})
export const inlineForm = style({ display: 'inline' })
export const viewOnly = style({ color: vars.color.textMuted, fontStyle: 'italic' })

const pill = {
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: vars.radius.sm,
  fontWeight: 700,
} as const
export const runDone = style({ ...pill, color: vars.color.success, background: vars.color.successBg })
export const runFailed = style({ ...pill, color: vars.color.danger, background: vars.color.dangerBg })
export const runPending = style({ ...pill, color: vars.color.warning, background: vars.color.warningBg })
export const runError = style({
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.danger,
  fontSize: vars.fontSize.sm,
})
export const muted = style({ margin: 0, color: vars.color.textMuted })

// The view: the definition as a list of facts, the actions, the table.
export const card = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
})
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(6rem, max-content) minmax(0, 1fr)',
  gap: `${vars.space.sm} ${vars.space.md}`,
  margin: 0,
})
export const term = style({ fontWeight: 700, color: vars.color.textMuted })
export const value = style({ margin: 0, overflowWrap: 'anywhere' })
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' })
export const primaryLink = style([primary, { display: 'inline-block', textDecoration: 'none' }])
export const primaryButton = primary
export const secondaryLink = style([secondary, { display: 'inline-block', textDecoration: 'none' }])
export const secondaryButton = secondary
export const dangerLink = style([
  primary,
  { display: 'inline-block', textDecoration: 'none', background: vars.color.danger },
])
export const totalRow = style({ fontWeight: 700, background: vars.color.surfaceAlt })
export const sectionTitle = style({ margin: 0, fontSize: vars.fontSize.lg })

// Default reports: the duration, then the types as radios, each with its description behind an info disclosure.
export const form = card
export const types = style({
  display: 'grid',
  gap: vars.space.sm,
  border: 'none',
  margin: 0,
  padding: 0,
  minWidth: 0,
})
export const legend = style({ fontWeight: 700, padding: 0, marginBottom: vars.space.xs })
export const typeRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  minWidth: 0,
})
export const typeLabel = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  minHeight: '24px',
  fontWeight: 600,
})
export const info = style({ minWidth: 0, flex: '1 1 12rem' })
export const infoSummary = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '24px',
  height: '24px',
  borderRadius: '50%',
  border: `2px solid ${vars.color.link}`,
  color: vars.color.link,
  fontWeight: 700,
  cursor: 'pointer',
  listStyle: 'none',
  selectors: { '&::-webkit-details-marker': { display: 'none' } },
})
export const infoText = style({
  margin: `${vars.space.xs} 0 0`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
})
export const fieldError = style({
  color: vars.color.danger,
  fontWeight: 600,
  margin: 0,
  fontSize: vars.fontSize.sm,
})

// The OTP dialog.
export const dialogText = style({ margin: 0, overflowWrap: 'anywhere' })
export const otpInput = style({ maxWidth: '10rem', letterSpacing: '0.2em' })
