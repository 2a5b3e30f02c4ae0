import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

/** The kit's form: one column that may shrink to its container (a native file input does not by itself). */
export const form = style({ gridTemplateColumns: 'minmax(0, 1fr)', minWidth: 0 })

export const dropZone = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  minWidth: 0,
  gap: vars.space.sm,
  padding: vars.space.lg,
  border: `2px dashed ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  selectors: {
    '&[data-dragging="true"]': { borderColor: vars.color.brand, background: vars.color.infoBg },
    '&:focus-within': { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' },
  },
})

globalStyle(`${dropZone} input[type="file"]`, { maxWidth: '100%', minWidth: 0 })

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const progress = style({ width: '100%', height: '1rem' })

export const ok = style({ margin: 0, color: vars.color.success, fontWeight: 600 })

export const errorTable = style({ borderCollapse: 'collapse', fontSize: vars.fontSize.sm })

globalStyle(`${errorTable} th, ${errorTable} td`, {
  border: `1px solid ${vars.color.borderSubtle}`,
  padding: vars.space.xs,
  textAlign: 'left',
  overflowWrap: 'anywhere',
})

export const result = style({ display: 'grid', gap: vars.space.sm })

/** One line of a message with details (each its own paragraph, wrapped on narrow screens). */
export const line = style({ margin: 0, overflowWrap: 'anywhere' })
