import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'
import { input } from './form.css'

export const page = style({ display: 'grid', gap: vars.space.lg, maxWidth: '48rem', minWidth: 0 })

export const searchRow = style({ display: 'flex', gap: vars.space.sm, position: 'relative' })

export const searchInput = style([input, { flex: '1 1 0', minWidth: 0, width: 0, font: 'inherit' }])

/** The combobox's list: under the field, as wide as the row, over what follows. */
export const listbox = style({
  position: 'absolute',
  top: '100%',
  left: 0,
  right: 0,
  zIndex: 2,
  margin: `${vars.space.xs} 0 0`,
  padding: 0,
  listStyle: 'none',
  maxHeight: '18rem',
  overflowY: 'auto',
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  boxShadow: '0 4px 12px rgb(0 0 0 / 0.15)',
})

export const option = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: `0 ${vars.space.sm}`,
  padding: vars.space.sm,
  cursor: 'pointer',
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  selectors: {
    '&[aria-selected="true"]': {
      background: vars.color.infoBg,
      outline: `3px solid ${vars.color.focus}`,
      outlineOffset: '-3px',
    },
  },
})

export const optionName = style({ fontWeight: 700, overflowWrap: 'anywhere' })

export const meta = style({ color: vars.color.textMuted, fontVariantNumeric: 'tabular-nums' })

export const note = style({ color: vars.color.textMuted, margin: 0 })
