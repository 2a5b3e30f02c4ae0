import { globalStyle, style } from '@vanilla-extract/css'
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
// A date field's focus is inside it (the month/day/year parts, then the calendar button, a Tab stop of
// its own that leaves the field matching neither :focus nor :focus-visible): the ring on :focus-within.
globalStyle('input[type="date"]:focus-within', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '2px',
})
globalStyle('h1', { fontSize: vars.fontSize.xl, margin: `0 0 ${vars.space.md}` })
globalStyle('button, input, select, textarea', { font: 'inherit' })
// The hidden attribute wins over any class that sets display.
globalStyle('[hidden]', { display: 'none !important' })

// Keyboard (docs/decisions/023). Focus is always visible: the ring above, and for elements that only
// take focus from script (tabindex="-1": main after the skip link, a list's caption after a list
// change) an inset ring, so it is not clipped by the scrolling table.
globalStyle('[tabindex="-1"]:focus-visible', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '-3px',
})
// A list's caption takes focus after a list change (docs/decisions/023) but stays visually hidden:
// showing it would move the table under the pointer (a click on a sort header lost between mousedown
// and mouseup). The table's scrolling region shows the focus ring instead.
globalStyle('caption[tabindex="-1"]:focus', { outline: 'none' })
globalStyle('section:has(> table > caption[tabindex="-1"]:focus)', {
  outline: `3px solid ${vars.color.focus}`,
  outlineOffset: '-3px',
})

/** The first tab stop of every page: off-screen until it has focus. */
export const skipLink = style({
  position: 'absolute',
  left: vars.space.sm,
  top: '-10rem',
  zIndex: 100,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  color: vars.color.link,
  border: `2px solid ${vars.color.link}`,
  borderRadius: vars.radius.sm,
  selectors: { '&:focus': { top: vars.space.sm } },
})

// Targets in table rows (row actions, name links) are at least 24px tall (WCAG 2.2 target size, axe
// 'target-size'): links and buttons set in small type next to each other would otherwise be 21px.
globalStyle('td a[href], td button[type]', {
  display: 'inline-flex',
  alignItems: 'center',
  minHeight: '24px',
  minWidth: '24px',
})
