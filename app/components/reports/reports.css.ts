// Styles of the report form parts (date range, filters, fields), the analytics page and its trend
// chart. Narrow first: every group is one column at 360 px and flows into columns when there is room.
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { error, input, primary, secondary } from '../form.css'

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
})

const panel = {
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
} as const

export const page = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })
export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
})
export const title = style({ margin: 0, fontSize: vars.fontSize.xl })
export const hint = style({ margin: 0, color: vars.color.textMuted })

export const form = style({
  ...panel,
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  minWidth: 0,
})
/** Report type and date range side by side when there is room. */
export const row = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'flex-start',
})
export const field = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 })
export const control = style([input, { font: 'inherit', maxWidth: '100%' }])
export const fieldError = error

export const dateRange = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, minWidth: 0 })
/**
 * The custom dates are always in the HTML (a page without JS needs them after choosing Custom) but
 * drawn only while the range select has Custom checked, so first paint and hydration agree.
 */
export const customDates = style({
  display: 'none',
  border: 'none',
  margin: 0,
  padding: 0,
  gap: vars.space.md,
  flexWrap: 'wrap',
  selectors: {
    [`${dateRange}:has(option[value="CUSTOM"]:checked) &`]: { display: 'flex' },
  },
})

export const groups = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 16rem), 1fr))',
})
export const group = style({
  ...panel,
  margin: 0,
  padding: vars.space.sm,
  minWidth: 0,
  display: 'grid',
  gap: vars.space.xs,
  alignContent: 'start',
})
export const legend = style({ fontWeight: 700, padding: `0 ${vars.space.xs}` })
export const groupTools = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap' })
export const findRow = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'center' })
export const toolButton = style({
  background: 'none',
  border: 'none',
  padding: `${vars.space.xs} 0`,
  minHeight: '24px',
  color: vars.color.link,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
})
/** A long list of values scrolls inside its group (its checkboxes are the keyboard's way in). */
export const options = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
  maxHeight: '14rem',
  overflowY: 'auto',
})
export const check = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'flex-start',
  minHeight: '24px',
  overflowWrap: 'anywhere',
})
export const checkDisabled = style([check, { color: vars.color.textMuted }])
export const checkbox = style({ width: '1.1rem', height: '1.1rem', margin: '0.1rem 0 0', flex: 'none' })
export const muted = style({ margin: 0, color: vars.color.textMuted })

export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' })
export const generate = primary
export const secondaryButton = style([secondary, { display: 'inline-block', textDecoration: 'none' }])

// The Actions menu: a native disclosure (works without JS).
export const menu = style({ position: 'relative' })
export const menuSummary = style([secondary, { listStyle: 'none', display: 'inline-block' }])
export const menuList = style({
  ...panel,
  listStyle: 'none',
  margin: `${vars.space.xs} 0 0`,
  padding: vars.space.xs,
  display: 'grid',
  gap: vars.space.xs,
  minWidth: '12rem',
  '@media': { 'screen and (min-width: 721px)': { position: 'absolute', right: 0, zIndex: 2 } },
})
export const menuLink = style({
  display: 'block',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  color: vars.color.link,
  minHeight: '24px',
})

export const totalRow = style({ fontWeight: 700, background: vars.color.surfaceAlt })
export const pagerRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
})
export const sizeForm = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', flexWrap: 'wrap' })

// Trend chart: one small panel per metric, each scaling to its column's width.
export const chart = style({
  ...panel,
  margin: 0,
  padding: vars.space.md,
  display: 'grid',
  gap: vars.space.md,
  minWidth: 0,
})
export const chartTitle = style({ margin: 0, fontSize: vars.fontSize.lg })
export const panels = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 15rem), 1fr))',
})
export const chartPanel = style({ display: 'grid', gap: vars.space.xs, minWidth: 0 })
export const chartHead = style({
  display: 'flex',
  justifyContent: 'space-between',
  gap: vars.space.sm,
  flexWrap: 'wrap',
  fontSize: vars.fontSize.sm,
})
export const chartSvg = style({
  display: 'block',
  width: '100%',
  height: '6rem',
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  color: vars.color.brand,
})
export const chartAxis = style({
  display: 'flex',
  justifyContent: 'space-between',
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})
export const chartData = style({ fontSize: vars.fontSize.sm, minWidth: 0 })
export const chartDataWrap = style({ overflowX: 'auto', marginTop: vars.space.sm })
