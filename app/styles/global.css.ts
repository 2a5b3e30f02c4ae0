import { globalStyle } from '@vanilla-extract/css'
import { vars } from './theme.css'

globalStyle('*, *::before, *::after', { boxSizing: 'border-box' })
globalStyle('html, body', {
  margin: 0,
  padding: 0,
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: 1.5,
  color: vars.color.text,
  background: vars.color.surfaceAlt,
})
globalStyle('a', { color: vars.color.link })
globalStyle(':focus-visible', { outline: `3px solid ${vars.color.focus}`, outlineOffset: '2px' })
globalStyle('h1', { fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.md}` })
globalStyle('button, input, select, textarea', { font: 'inherit' })
// The hidden attribute wins over any class that sets display.
globalStyle('[hidden]', { display: 'none !important' })
