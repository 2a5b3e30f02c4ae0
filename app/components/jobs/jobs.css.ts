import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const page = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })
export const title = style({ margin: 0 })
export const intro = style({ margin: 0, color: vars.color.textMuted, maxWidth: '70ch' })
/** The error text and ids wrap instead of widening the table. */
export const wrapCell = style({ overflowWrap: 'anywhere', minWidth: '16ch' })
export const id = style({ fontFamily: 'monospace', fontSize: vars.fontSize.sm, overflowWrap: 'anywhere' })
