import type { NextFunction, Request, Response } from 'express'

/** Security headers for every response. The CSP nonce is made per request in server/app.ts. */
export function securityHeaders(req: Request, res: Response, next: NextFunction) {
  const nonce = res.locals.cspNonce as string
  // The terms PDF is framed by our own click-wrap page; nothing else may be framed at all.
  const frameAncestors = req.path.endsWith('.pdf') ? "'self'" : "'none'"
  res.setHeader(
    'Content-Security-Policy',
    [
      "default-src 'self'",
      `script-src 'self' 'nonce-${nonce}'`,
      "style-src 'self'",
      "img-src 'self' data: blob:",
      "font-src 'self'",
      "connect-src 'self'",
      "frame-src 'self'",
      "object-src 'none'",
      "base-uri 'none'",
      "form-action 'self'",
      `frame-ancestors ${frameAncestors}`,
    ].join('; '),
  )
  res.setHeader('X-Content-Type-Options', 'nosniff')
  res.setHeader('Referrer-Policy', 'same-origin')
  res.setHeader('X-Frame-Options', frameAncestors === "'self'" ? 'SAMEORIGIN' : 'DENY')
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin')
  res.setHeader('Cross-Origin-Resource-Policy', 'same-origin')
  res.setHeader('Permissions-Policy', 'camera=(), microphone=(), geolocation=(), payment=()')
  if (req.secure) res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains')
  next()
}
