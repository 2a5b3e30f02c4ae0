// A status label of the accounts screens (spec accounts §4 "Status colours"): the status in words on its
// colour, never colour alone. Text on its tint is ≥ 7:1 (the theme's success/danger/warning on their
// backgrounds), well above AA.
import { styleVariants } from '@vanilla-extract/css'
import { vars } from '../../styles/theme.css'

const pill = {
  display: 'inline-block',
  padding: `0 ${vars.space.sm}`,
  borderRadius: '999px',
  fontWeight: 700,
  border: '1px solid currentColor',
} as const

export const tone = styleVariants({
  green: { ...pill, color: vars.color.success, background: vars.color.successBg },
  red: { ...pill, color: vars.color.danger, background: vars.color.dangerBg },
  amber: { ...pill, color: vars.color.warning, background: vars.color.warningBg },
})
