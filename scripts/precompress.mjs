// After `remix build`: each JavaScript and CSS file of public/build gets a `.gz` twin compressed once
// with Zopfli (decision 031): an ordinary gzip stream every browser reads, ~3% smaller than zlib's
// level 9. The server sends the twin to browsers that accept gzip, so the bytes a page costs are the
// same on every request and smaller than on-the-fly compression gives. Remix rewrites every file on
// each build, so twins are cached by content in .cache/gz (a rebuild compresses only what changed).
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { gzipAsync } from '@gfx/zopfli'

const project = path.resolve(import.meta.dirname, '..')
const root = path.join(project, 'public', 'build')
const cache = path.join(project, '.cache', 'gz')
mkdirSync(cache, { recursive: true })
let files = 0
let fresh = 0
let before = 0
let after = 0
async function walk(dir) {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name)
    if (statSync(file).isDirectory()) await walk(file)
    else if (/\.(js|css)$/.test(name)) {
      const body = readFileSync(file)
      const cached = path.join(cache, `${createHash('sha256').update(body).digest('hex')}.gz`)
      let gz
      if (existsSync(cached)) gz = readFileSync(cached)
      else {
        gz = Buffer.from(await gzipAsync(body, { numiterations: 5 }))
        writeFileSync(cached, gz)
        fresh += 1
      }
      writeFileSync(`${file}.gz`, gz)
      files += 1
      before += body.length
      after += gz.length
    }
  }
}
await walk(root)
console.log(
  `precompressed ${files} files (${fresh} new): ${(before / 1024).toFixed(1)} KiB → ${(after / 1024).toFixed(1)} KiB gzip`,
)
