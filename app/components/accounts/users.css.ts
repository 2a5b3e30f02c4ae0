// Styles of the user list and user detail (issue 11, decision 034).
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { primary, secondary } from '../form.css'
import { cell } from '../list/list.css'

export const page = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })
export const titleRow = style({ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: vars.space.md })
export const title = style({ margin: 0, marginRight: 'auto' })
export const headerLink = style([secondary, { display: 'inline-block', textDecoration: 'none' }])

export const wrapCell = style([cell, { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: '6rem' }])

export const iconLink = style({
  display: 'inline-flex',
  alignItems: 'center',
  justifyContent: 'center',
  minWidth: '24px',
  minHeight: '24px',
  color: vars.color.link,
})

export const brandCell = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
})
export const link = style({ color: vars.color.link })

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
export const accessRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
})
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' })
export const primaryLink = style([primary, { display: 'inline-block', textDecoration: 'none' }])
export const dangerLink = style([
  primary,
  { display: 'inline-block', textDecoration: 'none', background: vars.color.danger },
])
export const secondaryLink = style([secondary, { display: 'inline-block', textDecoration: 'none' }])
export const note = style({ margin: 0, color: vars.color.textMuted })
export const list = style({ margin: 0, paddingLeft: vars.space.lg })
