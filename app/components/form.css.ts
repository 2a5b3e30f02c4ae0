import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'

export const card = style({
  maxWidth: '32rem',
  minWidth: 0,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
})

export const form = style({ display: 'grid', gap: vars.space.md })

/** One column that may shrink below its content's width (a password row with Show stays in the card). */
export const field = style({ display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: vars.space.xs })

export const input = style({
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: { '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' } },
})

export const error = style({
  color: vars.color.danger,
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
})

export const primary = style({
  justifySelf: 'start',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.brand,
  color: vars.color.brandText,
  border: 'none',
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
})

export const secondary = style({
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  color: vars.color.brand,
  border: `2px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  cursor: 'pointer',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
})

export const actions = style({ display: 'flex', gap: vars.space.md, flexWrap: 'wrap', alignItems: 'center' })

export const passwordRow = style({ display: 'flex', gap: vars.space.sm })

/** Takes the row's free width and nothing more: its size attribute does not widen the row. */
export const grow = style({ flex: '1 1 0', minWidth: 0, width: 0 })

export const formError = style({
  padding: vars.space.sm,
  background: vars.color.dangerBg,
  color: vars.color.danger,
  border: `1px solid ${vars.color.danger}`,
  borderRadius: vars.radius.sm,
  margin: 0,
  fontWeight: 600,
})

export const qr = style({ display: 'block', width: '12rem', height: '12rem', imageRendering: 'pixelated' })

export const mono = style({ fontFamily: vars.font.mono, wordBreak: 'break-all' })
