import { existsSync, readFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

let root: string | undefined

/** The project's root folder, found from this module's location (works from source and from build/). */
export function projectRoot(): string {
  if (root) return root
  let dir = path.dirname(fileURLToPath(import.meta.url))
  for (;;) {
    const manifest = path.join(dir, 'package.json')
    if (existsSync(manifest) && JSON.parse(readFileSync(manifest, 'utf8')).name === 'ad-console') {
      root = dir
      return dir
    }
    const parent = path.dirname(dir)
    if (parent === dir) throw new Error('Cannot find the project root (package.json named ad-console)')
    dir = parent
  }
}

export const projectPath = (...parts: string[]) => path.join(projectRoot(), ...parts)
