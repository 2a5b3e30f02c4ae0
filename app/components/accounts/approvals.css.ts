// Styles of the approval list, the approval detail and its dialogs (issue 11, decision 035).
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { input, primary, secondary } from '../form.css'
import { cell } from '../list/list.css'

export const page = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })
export const title = style({ margin: 0 })
export const backLink = style({ color: vars.color.link, justifySelf: 'start' })

export const nameLink = style({ color: vars.color.link, fontWeight: 600 })
export const wrapCell = style([cell, { whiteSpace: 'normal', overflowWrap: 'anywhere', minWidth: '6rem' }])

export const card = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  minWidth: 0,
})
export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg })
export const facts = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(7rem, max-content) minmax(0, 1fr)',
  gap: `${vars.space.sm} ${vars.space.md}`,
  margin: 0,
  '@media': {
    'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xs },
  },
})
export const term = style({ fontWeight: 700, color: vars.color.textMuted })
export const value = style({
  margin: 0,
  overflowWrap: 'anywhere',
  whiteSpace: 'pre-wrap',
  '@media': { 'screen and (max-width: 480px)': { marginBottom: vars.space.sm } },
})

/** The documents: one row per kind, wrapping on narrow screens rather than scrolling sideways. */
export const documents = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.sm,
})
export const documentRow = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(9rem, 14rem) minmax(0, 1fr) auto',
  gap: vars.space.sm,
  alignItems: 'center',
  padding: `${vars.space.sm} 0`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
})
export const documentName = style({ fontWeight: 700, margin: 0 })
export const documentState = style({ margin: 0, overflowWrap: 'anywhere' })
export const muted = style({ color: vars.color.textMuted })
export const uploadForm = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'center',
  minWidth: 0,
})
export const fileInput = style({ maxWidth: '100%', minWidth: 0 })
export const smallButton = style([secondary, { padding: `${vars.space.xs} ${vars.space.md}` }])
export const viewLink = style({ color: vars.color.link, fontWeight: 600 })

export const textarea = style([
  input,
  { font: 'inherit', minHeight: '6rem', width: '100%', resize: 'vertical' },
])
export const actions = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' })
export const primaryLink = style([primary, { display: 'inline-block', textDecoration: 'none' }])
export const dangerButton = style([primary, { background: vars.color.danger }])
export const quote = style({
  margin: 0,
  padding: vars.space.sm,
  borderLeft: `4px solid ${vars.color.border}`,
  background: vars.color.surfaceAlt,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})
