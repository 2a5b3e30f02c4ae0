// The campaign editor's step one: sections stacked, fields that shrink to 360 px.
import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { primary, secondary } from '../form.css'

export const page = style({ display: 'grid', gap: vars.space.md, minWidth: 0, maxWidth: '60rem' })

export const topBar = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md, alignItems: 'center' })
export const heading = style({ margin: 0, flex: '1 1 12rem', fontSize: vars.fontSize.xl })
export const back = style({ fontWeight: 600 })
export const meta = style({ margin: 0, color: vars.color.textMuted })

export const form = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })

export const section = style({
  minWidth: 0,
  margin: 0,
  padding: vars.space.md,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  display: 'grid',
  gap: vars.space.md,
})
export const legend = style({ fontWeight: 700, fontSize: vars.fontSize.lg, padding: `0 ${vars.space.xs}` })

export const grid = style({
  display: 'grid',
  gap: vars.space.md,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 14rem), 1fr))',
})
export const field = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  gap: vars.space.xs,
  minWidth: 0,
})
export const label = style({ fontWeight: 600 })
export const input = style({
  width: '100%',
  boxSizing: 'border-box',
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surface,
  color: vars.color.text,
  selectors: {
    '&[aria-invalid="true"]': { borderColor: vars.color.danger, borderWidth: '2px' },
    '&:disabled': { background: vars.color.surfaceAlt },
  },
})
export const error = style({
  color: vars.color.danger,
  margin: 0,
  fontSize: vars.fontSize.sm,
  fontWeight: 600,
})
export const hint = style({ color: vars.color.textMuted, margin: 0, fontSize: vars.fontSize.sm })

export const choices = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  border: 'none',
  margin: 0,
  padding: 0,
})
export const choice = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' })
export const choiceLegend = style({ fontWeight: 600, padding: 0, marginBottom: vars.space.xs })
export const dimmed = style({ color: vars.color.textMuted })

export const row = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.sm, alignItems: 'end' })
export const grow = style({ flex: '1 1 8rem', minWidth: 0 })

export const primaryButton = style([primary, { justifySelf: 'auto' }])
export const secondaryButton = secondary
export const linkButton = style([secondary, { display: 'inline-block', textDecoration: 'none' }])
export const smallButton = style([secondary, { padding: `${vars.space.xs} ${vars.space.sm}` }])

/** The pincode entry and list are shown only for CUSTOM and EXCEPT (always in the HTML: no-JS needs it). */
export const pincodeArea = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 })
globalStyle(`form:has(input[name="pincodeFilter"][value="ALL"]:checked) ${pincodeArea}`, { display: 'none' })

export const tableBox = style({ overflowX: 'auto', maxWidth: '100%' })
export const table = style({ borderCollapse: 'collapse', width: '100%' })
globalStyle(`${table} th, ${table} td`, {
  textAlign: 'left',
  padding: vars.space.xs,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
})

export const summary = style({
  display: 'grid',
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 12rem), 1fr))',
  gap: vars.space.sm,
  margin: 0,
})
globalStyle(`${summary} dt`, { fontWeight: 600, color: vars.color.textMuted, fontSize: vars.fontSize.sm })
globalStyle(`${summary} dd`, { margin: 0, overflowWrap: 'anywhere' })

export const hidden = style({ display: 'none' })
