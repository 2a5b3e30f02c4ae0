import { style } from '@vanilla-extract/css'

export const hidden = style({
  position: 'absolute',
  left: '-10000px',
  width: '1px',
  height: '1px',
  overflow: 'hidden',
})
