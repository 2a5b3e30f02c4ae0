import type { NextFunction, Request, Response } from 'express'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/** The origin (scheme://host[:port]) a request was addressed to, as this server sees it. */
function ownOrigin(req: Request) {
  return `${req.protocol}://${req.get('host') ?? ''}`.toLowerCase()
}

/** True when `url` (an Origin or a Referer) is this server's own origin: same scheme, same host and port. */
function isOwnOrigin(url: string, req: Request) {
  try {
    const parsed = new URL(url)
    return parsed.origin !== 'null' && parsed.origin.toLowerCase() === ownOrigin(req)
  } catch {
    return false
  }
}

/**
 * Why a state-changing request looks cross-site, or null when it does not (decision 020):
 * 1. `Sec-Fetch-Site` (Chromium, Firefox, Safari) decides when sent: only same-origin or none pass.
 * 2. Otherwise `Origin`, when sent, must be this origin (scheme and host); `null` is refused.
 * 3. Otherwise `Referer`, when sent, must be this origin (our pages send it: Referrer-Policy same-origin).
 * 4. With none of the three the request is not from a browser page (every current browser sends Origin
 *    on a form post, and our SameSite=Lax cookies are not attached to another site's post anyway): let
 *    through, as API-style clients (curl, monitoring) send none.
 */
export function crossSiteReason(req: Request): string | null {
  const fetchSite = req.get('sec-fetch-site')
  if (fetchSite !== undefined) {
    return fetchSite === 'same-origin' || fetchSite === 'none' ? null : `sec-fetch-site ${fetchSite}`
  }
  const origin = req.get('origin')
  if (origin !== undefined) return isOwnOrigin(origin, req) ? null : 'origin'
  const referer = req.get('referer')
  if (referer !== undefined) return isOwnOrigin(referer, req) ? null : 'referer'
  return null
}

/** The platform's services: /ads/ad-auth, /ads/ad-inventory, /ads/ad-payments and /ads/adinventory. */
const PLATFORM_PATH = /^\/ads\/(ad-|adinventory\/)/

/**
 * Refuses state-changing requests to the console that come from another site. The platform API under
 * /ads/ is not covered: it authenticates with bearer tokens (or, for a signed report link, the token in its
 * query), which a browser never attaches by itself. /ads/auth/… is a console page (the external login).
 */
export function refuseCrossSitePosts(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method) || PLATFORM_PATH.test(req.path)) return next()
  if (crossSiteReason(req) !== null) {
    res.status(403).type('text/plain').send('Cross-site form posts are not accepted.')
    return
  }
  next()
}
