import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const section = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })
export const card = style({
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
})
export const summary = style({ padding: vars.space.md, fontWeight: 700, cursor: 'pointer' })
export const body = style({
  display: 'grid',
  gap: vars.space.md,
  padding: vars.space.md,
  paddingTop: 0,
  minWidth: 0,
})
export const group = style({
  display: 'grid',
  gap: vars.space.sm,
  border: 0,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
  padding: `${vars.space.sm} 0 0`,
  margin: 0,
  minWidth: 0,
})
export const legend = style({ fontWeight: 700, padding: 0 })
export const row = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap', alignItems: 'end' })
export const textarea = style({ width: '100%', minHeight: '4rem', font: 'inherit', boxSizing: 'border-box' })
export const thumb = style({ width: '2.5rem', height: '2.5rem', objectFit: 'contain' })
export const dialog = style({
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  padding: vars.space.md,
  background: vars.color.warningBg,
  display: 'grid',
  gap: vars.space.sm,
})
export const tabActive = style({ fontWeight: 700, textDecoration: 'underline' })
export const info = style({ color: vars.color.success, margin: 0 })
