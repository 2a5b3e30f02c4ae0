import { style } from '@vanilla-extract/css'

/**
 * Hides the honeypot from people. remix-utils hides it with an inline style attribute, which the
 * Content-Security-Policy (style-src 'self') refuses, so it showed (decision 052).
 */
export const honeypot = style({ display: 'none' })
