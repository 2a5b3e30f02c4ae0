// Import boundaries (issue 8 item 9; docs/decisions/014): the platform never imports the console, and
// the console's code imports from the platform only its contracts and its pure rules, the two halves
// both apply. Every import form counts: static, type-only, re-export and dynamic import().
// Test files of the console may also reach the in-process test platform (they run against it).
import { readdirSync, readFileSync } from 'node:fs'
import { dirname, join, relative, resolve, sep } from 'node:path'
import ts from 'typescript'
import { describe, expect, it } from 'vitest'

const root = resolve(__dirname, '..')
const SOURCE = /\.(ts|tsx|mts|cts)$/

function sourceFiles(dir: string): string[] {
  return readdirSync(join(root, dir), { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile() && SOURCE.test(entry.name))
    .map((entry) => relative(root, join(entry.parentPath, entry.name)).split(sep).join('/'))
    .filter((file) => !file.includes('/node_modules/'))
}

/** The project-relative path an import points at, or null for packages (`zod/v4`, `node:fs`). */
function target(file: string, specifier: string): string | null {
  if (specifier.startsWith('~/')) return `app/${specifier.slice(2)}`
  if (!specifier.startsWith('.')) return null
  return relative(root, resolve(root, dirname(file), specifier))
    .split(sep)
    .join('/')
}

type Import = { file: string; specifier: string; to: string }

function importsOf(file: string): Import[] {
  const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), 'utf8'), true, true)
  return importedFiles.flatMap(({ fileName }) => {
    const to = target(file, fileName)
    return to ? [{ file, specifier: fileName, to }] : []
  })
}

/** Test code: test files, and the console's test harness (app/testing/). */
const isTest = (file: string) => /\.test\.tsx?$/.test(file) || file.startsWith('app/testing/')
const inside = (path: string, dir: string) => path === dir || path.startsWith(`${dir}/`)
const show = (i: Import) => `${i.file} imports '${i.specifier}'`

describe('import boundaries', () => {
  const platformImports = sourceFiles('platform').flatMap(importsOf)
  const appImports = sourceFiles('app').flatMap(importsOf)

  it('scans the sources it guards', () => {
    // A scan that found nothing would pass whatever the code does.
    expect(platformImports.length).toBeGreaterThan(100)
    expect(appImports.filter((i) => inside(i.to, 'platform')).length).toBeGreaterThan(10)
  })

  it('keeps the platform from importing the console', () => {
    expect(platformImports.filter((i) => inside(i.to, 'app')).map(show)).toEqual([])
  })

  it('lets the console import only platform/contracts and platform/rules', () => {
    const allowed = (i: Import) =>
      inside(i.to, 'platform/contracts') ||
      inside(i.to, 'platform/rules') ||
      (isTest(i.file) && (inside(i.to, 'platform/testing') || i.to === 'platform/paths'))
    expect(appImports.filter((i) => inside(i.to, 'platform') && !allowed(i)).map(show)).toEqual([])
  })

  it('resolves every kind of import it is shown', () => {
    const probe = ts.preProcessFile(
      [
        "import a from '../../platform/db/client'",
        "import type { B } from '../../platform/auth/sessions'",
        "export { c } from '~/models/x'",
        "const d = await import('../../platform/log')",
        "import 'zod/v4'",
      ].join('\n'),
      true,
      true,
    )
    expect(probe.importedFiles.map((f) => target('app/models/probe.ts', f.fileName))).toEqual([
      'platform/db/client',
      'platform/auth/sessions',
      'app/models/x',
      'platform/log',
      null,
    ])
  })
})
