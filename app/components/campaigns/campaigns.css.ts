import { style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { primary } from '../form.css'
import { cell, headCell, muted, numeric, visuallyHidden } from '../list/list.css'

// The list kit's cell, header and text styles, for the campaign table's own cells and the dialogs.
export { cell, muted, numeric, visuallyHidden }

export const page = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })

export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
})

export const title = style({ margin: 0, marginRight: 'auto' })

export const primaryLink = style([primary, { display: 'inline-block', textDecoration: 'none' }])

export const stats = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(10rem, 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
})

export const statsDimmed = style([stats, { opacity: 0.55 }])

export const stat = style({ display: 'grid', gap: vars.space.xs })
export const statLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })
export const statValue = style({ fontSize: vars.fontSize.xl, fontWeight: 700, margin: 0 })

export const dimmedNote = style({ margin: 0, fontWeight: 600, color: vars.color.warning })

export const customDates = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
  border: 'none',
  margin: 0,
  padding: 0,
})

export const wrapCell = style([cell, { whiteSpace: 'normal', minWidth: '9rem', overflowWrap: 'anywhere' }])

/** Date-times break between the date and the time on narrow screens. */
export const dateCell = style([
  cell,
  { whiteSpace: 'normal', minWidth: '6.5rem', fontVariantNumeric: 'tabular-nums' },
])

export const stateIcon = style({
  display: 'inline-block',
  verticalAlign: '-2px',
  color: vars.color.warning,
  marginRight: vars.space.xs,
  cursor: 'help',
  fontWeight: 700,
})

export const stateBadge = styleVariants({
  running: { color: vars.color.success, fontWeight: 600 },
  paused: { color: vars.color.warning, fontWeight: 600 },
  other: { color: vars.color.text },
})

/** The Actions column stays in view while the wide table scrolls sideways. */
const stickyEnd = {
  position: 'sticky',
  right: 0,
  background: vars.color.surface,
  borderLeft: `1px solid ${vars.color.borderSubtle}`,
} as const
export const actionsCell = style([cell, stickyEnd, { whiteSpace: 'normal', minWidth: '9rem' }])
export const actionsHead = style([headCell, stickyEnd, { background: vars.color.surfaceAlt }])
export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `${vars.space.xs} ${vars.space.sm}`,
  maxWidth: '10rem',
})
export const inlineForm = style({ display: 'inline' })
/** A form's submit button that reads as a link (row actions): the list kit's. */
export { linkButton } from '../list/list.css'
export const rowLink = style({ color: vars.color.link })
