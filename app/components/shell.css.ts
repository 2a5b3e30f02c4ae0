import { globalStyle, style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'

/** Below this width the menu is a disclosure above the page; from it, a side column. */
const NARROW = 'screen and (max-width: 720px)'
const WIDE = 'screen and (min-width: 721px)'

export const layout = style({
  display: 'grid',
  gridTemplateColumns: '12rem minmax(0, 1fr)',
  gridTemplateRows: 'auto 1fr',
  minHeight: '100vh',
  '@media': { [NARROW]: { gridTemplateColumns: 'minmax(0, 1fr)', gridTemplateRows: 'auto auto 1fr' } },
})

export const header = style({
  gridColumn: '1 / -1',
  display: 'flex',
  flexWrap: 'wrap',
  alignItems: 'center',
  gap: `${vars.space.xs} ${vars.space.md}`,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.brand,
  color: vars.color.brandText,
  '@media': { [NARROW]: { padding: `${vars.space.sm} ${vars.space.md}` } },
})

export const brand = style({ fontWeight: 700, fontSize: vars.fontSize.lg, marginRight: 'auto' })

export const headerItem = style({ display: 'flex', alignItems: 'center', gap: vars.space.sm })
globalStyle(`${header} > *`, { minWidth: 0, overflowWrap: 'anywhere' })

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

/** The menu's disclosure: the grid cell left of the page (wide) or the row above it (narrow). */
export const menu = style({
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.borderSubtle}`,
  '@media': { [NARROW]: { borderRight: 'none', borderBottom: `1px solid ${vars.color.borderSubtle}` } },
})
// Wide: always open, whatever the disclosure's state; the summary is not drawn.
globalStyle(`${menu}::details-content`, {
  '@media': { [WIDE]: { contentVisibility: 'visible', display: 'contents' } },
})

export const menuSummary = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  fontWeight: 700,
  cursor: 'pointer',
  color: vars.color.brand,
  '@media': { [WIDE]: { display: 'none' } },
})

export const nav = style({
  padding: `${vars.space.md} 0`,
  '@media': { [NARROW]: { padding: `0 0 ${vars.space.sm}` } },
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

export const main = style({
  padding: vars.space.lg,
  minWidth: 0,
  '@media': { [NARROW]: { padding: vars.space.sm } },
})

export const page = style({
  maxWidth: '40rem',
  margin: '10vh auto',
  padding: vars.space.xl,
  '@media': { [NARROW]: { margin: `${vars.space.md} ${vars.space.sm}`, padding: vars.space.md } },
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
