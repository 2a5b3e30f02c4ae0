// The list kit's styles: table, sortable headers, pager, filter bar, pending, empty and error states.
import { keyframes, style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'
import { formError, input, secondary } from '../form.css'

export const visuallyHidden = style({
  position: 'absolute',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
})

const panel = {
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
} as const

export const filterBar = style({
  ...panel,
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'flex-end',
  gap: vars.space.md,
  padding: vars.space.md,
})

export const field = style({ display: 'grid', gap: vars.space.xs })
export const control = style([input, { font: 'inherit' }])
export const fieldError = style({ color: vars.color.danger, fontWeight: 600, margin: 0, flexBasis: '100%' })
export const button = style([secondary, { display: 'inline-block', textDecoration: 'none' }])

export const tableWrap = style({
  ...panel,
  overflowX: 'auto',
  transition: 'opacity 120ms',
  selectors: { '&[aria-busy="true"]': { opacity: 0.55 } },
})

export const table = style({ width: '100%', borderCollapse: 'collapse', fontSize: vars.fontSize.sm })

export const cell = style({
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.borderSubtle}`,
  textAlign: 'left',
  verticalAlign: 'top',
  whiteSpace: 'nowrap',
})
export const numeric = style([cell, { textAlign: 'right', fontVariantNumeric: 'tabular-nums' }])
export const headCell = style([cell, { background: vars.color.surfaceAlt, fontWeight: 700 }])
export const headNumeric = style([headCell, { textAlign: 'right' }])
export const sortLink = style({ color: vars.color.link, fontWeight: 700 })

export const pager = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  justifyContent: 'flex-end',
})
export const pagerForm = style({ display: 'flex', gap: vars.space.sm, alignItems: 'center' })
export const pagerLink = style([
  secondary,
  { display: 'inline-block', textDecoration: 'none', padding: `${vars.space.xs} ${vars.space.md}` },
])
export const pagerDisabled = style([pagerLink, { opacity: 0.4, cursor: 'not-allowed' }])
export const linkButton = style({
  background: 'none',
  border: 'none',
  padding: 0,
  color: vars.color.link,
  textDecoration: 'underline',
  cursor: 'pointer',
  font: 'inherit',
  selectors: { '&:disabled': { opacity: 0.5, cursor: 'not-allowed' } },
})

const spin = keyframes({ to: { transform: 'rotate(360deg)' } })
/** Always in the page (a live region must exist before it speaks); shows only while loading. */
export const status = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.xs,
  minHeight: '1.5em',
  margin: 0,
  color: vars.color.textMuted,
  fontWeight: 600,
})
export const spinner = style({
  width: '0.9em',
  height: '0.9em',
  border: `2px solid ${vars.color.borderSubtle}`,
  borderTopColor: vars.color.link,
  borderRadius: '50%',
  animation: `${spin} 0.8s linear infinite`,
})

export const empty = style({
  ...panel,
  display: 'grid',
  justifyItems: 'center',
  gap: vars.space.sm,
  padding: vars.space.xl,
  textAlign: 'center',
})
export const emptyTitle = style({ margin: 0, fontSize: vars.fontSize.lg })
export const muted = style({ color: vars.color.textMuted, margin: 0 })

export const errorBox = style([
  formError,
  { padding: vars.space.md, borderWidth: '2px', borderRadius: vars.radius.md, fontWeight: 'normal' },
])
export const errorTitle = style({ margin: `0 0 ${vars.space.xs}`, fontSize: vars.fontSize.lg })
