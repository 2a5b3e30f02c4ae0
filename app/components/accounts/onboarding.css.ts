// Onboarding, the rejected agency's edit and the invitation pages (decision 033).
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { input } from '../form.css'

export const page = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 })
export const title = style({ margin: 0 })

/** The role chooser: the select and its button on one line when there is room. */
export const roleRow = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'end' })
export const select = style([input, { font: 'inherit', minWidth: 0, maxWidth: '100%' }])

/** A contact number: the fixed +91 before the 10 digits. */
export const prefixRow = style({ display: 'flex', alignItems: 'stretch', minWidth: 0 })
export const prefix = style({
  display: 'flex',
  alignItems: 'center',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRight: 'none',
  borderRadius: `${vars.radius.sm} 0 0 ${vars.radius.sm}`,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  fontWeight: 600,
})
export const prefixed = style([
  input,
  { flex: '1 1 0', minWidth: 0, width: 0, borderRadius: `0 ${vars.radius.sm} ${vars.radius.sm} 0` },
])

export const textarea = style([input, { font: 'inherit', minHeight: '4.5rem', resize: 'vertical' }])

/** The pincode with its Look up button (without JavaScript). */
export const pincodeRow = style({ display: 'flex', gap: vars.space.sm, minWidth: 0 })
export const grow = style({ flex: '1 1 0', minWidth: 0, width: 0 })

export const hint = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm })
export const lookup = style({
  margin: 0,
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  minHeight: '1.25em',
})

export const readOnly = style({ margin: 0 })
export const steps = style({ margin: 0, color: vars.color.textMuted, fontWeight: 600 })
