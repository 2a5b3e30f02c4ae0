import { style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '14rem 1fr',
  gridTemplateRows: 'auto 1fr',
  minHeight: '100vh',
  '@media': { 'screen and (max-width: 720px)': { gridTemplateColumns: '1fr' } },
})

export const header = style({
  gridColumn: '1 / -1',
  display: 'flex',
  alignItems: 'center',
  gap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.brand,
  color: vars.color.brandText,
})

export const brand = style({ fontWeight: 700, fontSize: vars.fontSize.lg, marginRight: 'auto' })

export const headerItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })

export const roleLabel = style({
  fontWeight: 700,
  letterSpacing: '0.04em',
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.brandText}`,
  borderRadius: vars.radius.sm,
})

export const headerButton = style({
  background: vars.color.surface,
  color: vars.color.brand,
  border: 'none',
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontWeight: 600,
  cursor: 'pointer',
  textDecoration: 'none',
})

export const nav = style({
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.borderSubtle}`,
  padding: `${vars.space.md} 0`,
})

export const navList = style({ listStyle: 'none', margin: 0, padding: 0 })

export const navLink = style({
  display: 'block',
  padding: `${vars.space.sm} ${vars.space.lg}`,
  color: vars.color.text,
  textDecoration: 'none',
  borderLeft: '4px solid transparent',
  selectors: {
    '&:hover': { background: vars.color.surfaceAlt },
    '&[aria-current="page"]': {
      borderLeftColor: vars.color.brand,
      fontWeight: 700,
      background: vars.color.infoBg,
    },
  },
})

export const main = style({ padding: vars.space.lg, minWidth: 0 })

export const page = style({
  maxWidth: '40rem',
  margin: '10vh auto',
  padding: vars.space.xl,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
})

export const errorBox = style({
  maxWidth: '40rem',
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderTop: `4px solid ${vars.color.warning}`,
  borderRadius: vars.radius.md,
})

export const backLink = style({
  display: 'inline-block',
  background: vars.color.brand,
  color: vars.color.brandText,
  borderRadius: vars.radius.sm,
  padding: `${vars.space.xs} ${vars.space.md}`,
  fontWeight: 600,
  textDecoration: 'none',
})
