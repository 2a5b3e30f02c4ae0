// The agency-link screens (decision 036): page layout and tables (status labels: status.css.ts).
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { input, primary } from '../form.css'

export const page = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 })

export const titleRow = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  alignItems: 'center',
  justifyContent: 'space-between',
})

export const title = style({ margin: 0 })
export const subtitle = style({ margin: 0, fontSize: vars.fontSize.lg })
export const section = style({ display: 'grid', gap: vars.space.md, minWidth: 0 })

/** A multi-line text field (Delink Reason). */
export const textarea = style([input, { font: 'inherit', minHeight: '6rem', resize: 'vertical' }])

/** Text in a table cell that may wrap (a reason, an e-mail). */
export const wrapCell = style({
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  textAlign: 'left',
  verticalAlign: 'top',
  whiteSpace: 'normal',
  overflowWrap: 'anywhere',
  minWidth: '10rem',
})

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })

export const actions = style({ display: 'flex', gap: vars.space.sm, flexWrap: 'wrap' })

export const details = style({
  display: 'grid',
  gridTemplateColumns: 'max-content minmax(0, 1fr)',
  gap: `${vars.space.sm} ${vars.space.md}`,
  margin: 0,
  '@media': { 'screen and (max-width: 480px)': { gridTemplateColumns: 'minmax(0, 1fr)' } },
})
export const term = style({ fontWeight: 700 })
export const definition = style({ margin: 0, overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' })

export const primaryLink = style([primary, { display: 'inline-block', textDecoration: 'none' }])
