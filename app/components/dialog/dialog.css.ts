// The route dialog kit's styles (decision 017).
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { primary, secondary } from '../form.css'
import { dialog as pageDialog } from '../pages.css'

/** The page behind, dimmed. Without JavaScript it is the same picture: the dialog is the page. */
export const overlay = style({
  position: 'fixed',
  inset: 0,
  display: 'grid',
  placeItems: 'center',
  padding: vars.space.md,
  background: 'rgb(17 24 39 / 0.45)',
  overflowY: 'auto',
  zIndex: 10,
})

export const panel = style([
  pageDialog,
  { width: 'min(32rem, 100%)', margin: 0, display: 'grid', gap: vars.space.md },
])

export const title = style({ margin: 0, fontSize: vars.fontSize.lg })

/** The confirm button first (in the page's order and on screen), then Cancel. */
export const actions = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', alignItems: 'center' })

export const confirm = style([primary, { display: 'inline-block', textDecoration: 'none' }])
export const danger = style([confirm, { background: vars.color.danger }])
export const cancel = style([secondary, { display: 'inline-block', textDecoration: 'none' }])

export const choices = style({ display: 'grid', gap: vars.space.sm, border: 'none', margin: 0, padding: 0 })
export const choice = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center', fontWeight: 600 })
export const note = style({ color: vars.color.textMuted, margin: 0 })
export const legend = style({ fontWeight: 600, marginBottom: vars.space.xs, padding: 0 })

export const stack = style({ display: 'grid', gap: vars.space.md })
