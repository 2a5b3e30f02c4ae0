// The pages outside the shell that are not plain cards: the terms (a wide page with the PDF) and the
// dialog-like notices (unauthorized, terms error, welcome, external login).
import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'
import { primary } from './form.css'

export const widePage = style({
  maxWidth: '64rem',
  margin: `${vars.space.xl} auto`,
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  '@media': { 'screen and (max-width: 720px)': { margin: 0, padding: vars.space.md, borderRadius: 0 } },
})

export const lead = style({ color: vars.color.textMuted, margin: `0 0 ${vars.space.md}` })

export const frame = style({
  display: 'block',
  width: '100%',
  height: '65vh',
  minHeight: '24rem',
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.sm,
  background: vars.color.surfaceAlt,
})

export const documentLinks = style({
  display: 'flex',
  flexWrap: 'wrap',
  gap: vars.space.md,
  margin: `${vars.space.sm} 0 ${vars.space.lg}`,
})

export const checkboxRow = style({
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.sm,
  fontWeight: 600,
})

export const checkbox = style({
  width: '1.25rem',
  height: '1.25rem',
  margin: 0,
  accentColor: vars.color.brand,
})

export const actions = style({
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: vars.space.md,
  marginTop: vars.space.md,
})

export const secondary = style({
  display: 'inline-block',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  color: vars.color.brand,
  border: `1px solid ${vars.color.brand}`,
  borderRadius: vars.radius.sm,
  fontWeight: 600,
  textDecoration: 'none',
  cursor: 'pointer',
})

export const summary = style({
  marginTop: vars.space.xl,
  paddingTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.borderSubtle}`,
})

export const summaryList = style({ display: 'grid', gap: vars.space.sm, paddingLeft: vars.space.lg })

/** A notice drawn as a dialog box in the middle of the page; without JS it is simply the page. */
export const dialog = style({
  maxWidth: '32rem',
  margin: '15vh auto',
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderTop: `4px solid ${vars.color.brand}`,
  borderRadius: vars.radius.md,
  boxShadow: '0 10px 30px rgb(17 24 39 / 0.15)',
})

export const warningDialog = style([dialog, { borderTopColor: vars.color.warning }])

/** A link that looks like the primary button (Go back to home page, Back to Login…). */
export const primaryLink = style([primary, { display: 'inline-block', textDecoration: 'none' }])
