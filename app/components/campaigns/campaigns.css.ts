import { globalStyle, style, styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { primary } from '../form.css'
import { cell, headCell, headNumeric, muted, numeric, visuallyHidden } from '../list/list.css'

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
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(8.5rem, 100%), 1fr))',
  gap: vars.space.md,
  margin: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
})

/**
 * Without credits the stats are set back by a dashed frame and a grey ground, not by opacity: the
 * text keeps its full colour (≥ 4.5:1, docs/decisions/022).
 */
export const statsDimmed = style([
  stats,
  {
    background: vars.color.surfaceAlt,
    border: `1px dashed ${vars.color.border}`,
    color: vars.color.textMuted,
  },
])

export const stat = style({ display: 'grid', gap: vars.space.xs })
export const statLabel = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 })
export const statValue = style({
  fontSize: vars.fontSize.xl,
  fontWeight: 700,
  margin: 0,
  overflowWrap: 'anywhere',
})

export const dimmedNote = style({ margin: 0, fontWeight: 600, color: vars.color.warning })

/**
 * The custom dates show only while the Date select has Custom chosen: CSS reads the select's checked
 * option, so the server's first paint, the hydrated page and a page without JS all agree (no shift).
 */
export const customDates = style({
  display: 'none',
  selectors: { 'form:has(option[value="CUSTOM"]:checked) &': { display: 'flex' } },
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-end',
  border: 'none',
  margin: 0,
  padding: 0,
})

/** The pinned Name column's width; cells right of it keep a focused control clear of it. */
const PIN = '10rem'

export const wrapCell = style([cell, { whiteSpace: 'normal', minWidth: '5.5rem', overflowWrap: 'anywhere' }])

/** Date-times on two lines: the date over the time. */
export const dateCell = style([
  cell,
  { whiteSpace: 'normal', width: '5.5rem', fontVariantNumeric: 'tabular-nums' },
])

/** Header cells that may wrap (Campaign Class, Start Date ↕) to keep the columns narrow. */
export const head = style([headCell, { whiteSpace: 'normal' }])
export const headNum = style([headNumeric, { whiteSpace: 'normal' }])

/** The Name column stays in view while the wide table scrolls sideways. */
const stickyStart = {
  position: 'sticky',
  left: 0,
  zIndex: 1,
  width: PIN,
  minWidth: PIN,
  maxWidth: PIN,
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  background: vars.color.surface,
  boxShadow: `inset -1px 0 0 ${vars.color.borderSubtle}`,
} as const
export const nameCell = style([cell, stickyStart])
export const nameHead = style([headCell, stickyStart, { background: vars.color.surfaceAlt }])

/** The campaign table's rows: a control focused right of the pinned column scrolls clear of it. */
export const row = style({})
globalStyle(`${row} > :not(:nth-child(2)) :is(a, button)`, { scrollMarginLeft: `calc(${PIN} + 0.5rem)` })

export const totalsRow = style({ fontWeight: 700, background: vars.color.surfaceAlt })
export const totalsCell = style([nameCell, { background: vars.color.surfaceAlt }])

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

export const actionsCell = style([cell, { whiteSpace: 'normal', minWidth: '7.5rem' }])
export const rowActions = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.sm}`,
  maxWidth: '9rem',
})
export const inlineForm = style({ display: 'inline' })
/** A form's submit button that reads as a link (row actions): the list kit's. */
export { linkButton } from '../list/list.css'
export const rowLink = style({ color: vars.color.link })
globalStyle(`${head} a, ${headNum} a`, { scrollMarginLeft: `calc(${PIN} + 0.5rem)` })
