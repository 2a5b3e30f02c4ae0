// The billing page (decision 047): three upload cards side by side where there is room, one column at
// 360 px, and the downloads list. Nothing is wider than the screen: long words wrap.
import { style } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

export const page = style({ display: 'grid', gap: vars.space.lg, minWidth: 0 })
export const title = style({ margin: 0 })

export const uploads = style({
  display: 'grid',
  gap: vars.space.lg,
  gridTemplateColumns: 'repeat(auto-fit, minmax(min(100%, 20rem), 1fr))',
})

export const card = style({
  display: 'grid',
  gridTemplateColumns: 'minmax(0, 1fr)',
  alignContent: 'start',
  gap: vars.space.sm,
  minWidth: 0,
  padding: vars.space.lg,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderSubtle}`,
  borderRadius: vars.radius.md,
  overflowWrap: 'anywhere',
  '@media': { 'screen and (max-width: 480px)': { padding: vars.space.md } },
})

export const cardTitle = style({ margin: 0, fontSize: vars.fontSize.lg })

export const columns = style({ margin: 0, fontSize: vars.fontSize.sm, color: vars.color.textMuted })

export const column = style({ fontFamily: vars.font.mono })

export const link = style({ color: vars.color.link })

export const reportList = style({
  display: 'grid',
  gap: vars.space.sm,
  margin: 0,
  paddingLeft: vars.space.lg,
  overflowWrap: 'anywhere',
})

export const fileName = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm })
