// Design tokens: light, legible, high contrast (text ≥ 7:1 on the surfaces it sits on).
import { createGlobalTheme } from '@vanilla-extract/css'

export const vars = createGlobalTheme(':root', {
  color: {
    text: '#111827',
    textMuted: '#374151',
    surface: '#ffffff',
    surfaceAlt: '#f3f4f6',
    border: '#6b7280',
    borderSubtle: '#d1d5db',
    brand: '#0b3d91',
    brandText: '#ffffff',
    link: '#0b3d91',
    focus: '#b45309',
    success: '#065f46',
    successBg: '#d1fae5',
    danger: '#991b1b',
    dangerBg: '#fee2e2',
    warning: '#78350f',
    warningBg: '#fef3c7',
    infoBg: '#dbeafe',
  },
  space: {
    xs: '0.25rem',
    sm: '0.5rem',
    md: '1rem',
    lg: '1.5rem',
    xl: '2rem',
  },
  font: {
    body: 'system-ui, -apple-system, "Segoe UI", Roboto, "Noto Sans", "Helvetica Neue", Arial, sans-serif',
    mono: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace',
  },
  fontSize: {
    sm: '0.875rem',
    md: '1rem',
    lg: '1.25rem',
    xl: '1.5rem',
  },
  radius: { sm: '4px', md: '8px' },
})
