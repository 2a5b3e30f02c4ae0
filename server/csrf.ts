import type { NextFunction, Request, Response } from 'express'

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS'])

/**
 * Refuses state-changing requests to the console that come from another site: the browser's
 * Sec-Fetch-Site says so, or (older browsers) the Origin is not this host. The platform API under /ads/
 * is not covered: it authenticates with bearer tokens, which a browser never attaches by itself.
 */
export function refuseCrossSitePosts(req: Request, res: Response, next: NextFunction) {
  if (SAFE_METHODS.has(req.method) || req.path.startsWith('/ads/ad-')) return next()
  const fetchSite = req.get('sec-fetch-site')
  let crossSite = fetchSite !== undefined && fetchSite !== 'same-origin' && fetchSite !== 'none'
  const origin = req.get('origin')
  if (!crossSite && fetchSite === undefined && origin && origin !== 'null') {
    try {
      crossSite = new URL(origin).host !== req.get('host')
    } catch {
      crossSite = true
    }
  }
  if (origin === 'null') crossSite = true
  if (crossSite) {
    res.status(403).type('text/plain').send('Cross-site form posts are not accepted.')
    return
  }
  next()
}
