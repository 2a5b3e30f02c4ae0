// Built JavaScript and CSS sent as the `.gz` twins `scripts/precompress.mjs` wrote at build time
// (decision 031): compressed once at the highest level instead of on every request. Only files that
// were in the build folder at start are served this way (the set is read once; the build is immutable),
// so a request path can never reach outside it. Anything else falls through to express.static.
import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import type { RequestHandler } from 'express'

const TYPES: Record<string, string> = {
  '.js': 'application/javascript; charset=UTF-8',
  '.css': 'text/css; charset=UTF-8',
}

function twins(root: string, dir = root, found = new Set<string>()) {
  let names: string[]
  try {
    names = readdirSync(dir)
  } catch {
    return found
  }
  for (const name of names) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) twins(root, file, found)
    else if (name.endsWith('.gz'))
      found.add(`/${path.relative(root, file.slice(0, -3)).split(path.sep).join('/')}`)
  }
  return found
}

export function precompressedAssets(
  root: string,
  cache: { maxAge: string; immutable: boolean },
): RequestHandler {
  const available = twins(root)
  return (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next()
    const type = TYPES[path.extname(req.path)]
    if (!type || !available.has(req.path)) return next()
    res.setHeader('Vary', 'Accept-Encoding')
    if (!req.acceptsEncodings('gzip')) return next()
    res.setHeader('Content-Type', type)
    res.setHeader('Content-Encoding', 'gzip')
    res.sendFile(`${req.path.slice(1)}.gz`, { root, ...cache }, (error) => {
      // The twin vanished since start: the plain file (compressed on the fly) still answers.
      if (error && !res.headersSent) {
        res.removeHeader('Content-Encoding')
        res.removeHeader('Content-Type')
        next()
      }
    })
  }
}
