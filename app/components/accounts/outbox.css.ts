import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const page = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })
export const title = style({ margin: 0 })
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' })

export const list = style({ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gap: vars.space.sm })

export const item = style({
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  minWidth: 0,
})

export const summary = style({
  cursor: 'pointer',
  padding: vars.space.sm,
  display: 'grid',
  gap: vars.space.xs,
  // The marker stays; long addresses and subjects wrap instead of widening the page.
  overflowWrap: 'anywhere',
})

export const subject = style({ fontWeight: 700 })

export const meta = style({
  display: 'flex',
  flexWrap: 'wrap',
  columnGap: vars.space.md,
  rowGap: vars.space.xs,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
})

export const label = style({ fontWeight: 700 })

export const body = style({
  margin: 0,
  padding: vars.space.sm,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
  background: vars.color.surfaceAlt,
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.sm,
  whiteSpace: 'pre-wrap',
  overflowWrap: 'anywhere',
})

export const link = style({ color: vars.color.link, textDecoration: 'underline' })

export const attachments = style({
  margin: 0,
  padding: vars.space.sm,
  fontSize: vars.fontSize.sm,
  overflowWrap: 'anywhere',
})
