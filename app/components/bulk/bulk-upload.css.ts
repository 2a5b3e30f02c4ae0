// The Bulk Upload page (decision 048). Narrow first: at 360 px the sections stack, buttons wrap and the
// keyword table's cells wrap their text.
import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { cell } from '../list/list.css'

export const page = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 })

export const title = style({ margin: 0, overflowWrap: 'anywhere' })

export const section = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.md,
  minWidth: 0,
  maxWidth: '48rem',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md } },
})

// The upload kit's form and its native file input may shrink to the section's width at 360 px.
globalStyle(`${section} form`, { gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 })
globalStyle(`${section} input[type="file"]`, { maxWidth: '100%', minWidth: 0 })

export const heading = style({ margin: 0, fontSize: vars.fontSize.lg })

export const link = style({ color: vars.color.link })

export const searchRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
})

export const searchField = style({ flex: '1 1 12rem', minWidth: 0 })

export const wrapCell = style([cell, { whiteSpace: 'normal', overflowWrap: 'anywhere' }])

export const keywordList = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.xs,
  margin: 0,
  padding: 0,
  listStyle: 'none',
})

export const keyword = style({
  padding: `0 ${vars.space.xs}`,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
  overflowWrap: 'anywhere',
})

export const message = style({ margin: 0 })
