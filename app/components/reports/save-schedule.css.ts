// Styles of the Save and Schedule Report form and its e-mail recipient list (decision 042). Narrow first:
// one column at 360 px; long addresses wrap instead of widening the page.
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

const panel = {
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
} as const

export const group = style({
  ...panel,
  margin: 0,
  padding: vars.space.sm,
  minWidth: 0,
  display: 'grid',
  gap: vars.space.sm,
  alignContent: 'start',
})

export const radios = style({ display: 'flex', flexWrap: 'wrap', gap: vars.space.md })
export const radio = style({ display: 'flex', gap: vars.space.xs, alignItems: 'center', minHeight: '24px' })

export const inlineRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.sm,
  alignItems: 'flex-end',
  minWidth: 0,
})
export const grow = style({ flex: '1 1 12rem', minWidth: 0 })

export const tabs = style({
  display: 'flex',
  gap: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
})
export const tab = style({
  padding: `${vars.space.xs} ${vars.space.md}`,
  minHeight: '24px',
  background: 'none',
  border: 'none',
  borderBottom: '3px solid transparent',
  color: vars.color.text,
  font: 'inherit',
  cursor: 'pointer',
  selectors: { '&[aria-selected="true"]': { borderBottomColor: vars.color.brand, fontWeight: 700 } },
})
export const tabPanel = style({ display: 'grid', gap: vars.space.sm, minWidth: 0 })
export const panelHeading = style({ margin: 0, fontSize: vars.fontSize.md })

export const list = style({
  listStyle: 'none',
  margin: 0,
  padding: 0,
  display: 'grid',
  gap: vars.space.xs,
  maxHeight: '16rem',
  overflowY: 'auto',
})
export const item = style({
  display: 'flex',
  gap: vars.space.sm,
  alignItems: 'center',
  justifyContent: 'space-between',
  padding: `${vars.space.xs} ${vars.space.sm}`,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.sm,
  minWidth: 0,
})
export const address = style({ overflowWrap: 'anywhere', minWidth: 0 })
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: `${vars.space.xs} 0`,
  minHeight: '24px',
  color: vars.color.link,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
  flex: 'none',
})
export const muted = style({ margin: 0, color: vars.color.textMuted })
export const fileInput = style({ maxWidth: '100%', minWidth: 0 })

/** The form's default button (Enter in a text field saves): first in the form, out of sight and reach. */
export const defaultButton = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
  padding: 0,
})
