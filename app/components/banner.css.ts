import { styleVariants, style } from '@vanilla-extract/css'
import { vars } from '../styles/theme.css'

const base = style({
  padding: `${vars.space.sm} ${vars.space.md}`,
  borderRadius: vars.radius.sm,
  border: '1px solid',
  margin: `0 0 ${vars.space.md}`,
})

export const banner = styleVariants({
  success: [
    base,
    { background: vars.color.successBg, color: vars.color.success, borderColor: vars.color.success },
  ],
  error: [
    base,
    { background: vars.color.dangerBg, color: vars.color.danger, borderColor: vars.color.danger },
  ],
  info: [base, { background: vars.color.infoBg, color: vars.color.text, borderColor: vars.color.brand }],
  warning: [
    base,
    { background: vars.color.warningBg, color: vars.color.warning, borderColor: vars.color.warning },
  ],
})
