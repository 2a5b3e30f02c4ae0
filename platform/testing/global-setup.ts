// Vitest global setup: one seeded template database per run.
import { ensurePgliteTemplate, ensurePostgresTemplate } from './template'

export default async function setup() {
  const started = Date.now()
  if (process.env.DATABASE_URL) {
    await ensurePostgresTemplate(process.env.DATABASE_URL)
    console.log(`test template: PostgreSQL ready in ${Date.now() - started} ms`)
  } else {
    process.env.TEST_DB_TEMPLATE = await ensurePgliteTemplate()
    console.log(`test template: PGlite ready in ${Date.now() - started} ms`)
  }
}
