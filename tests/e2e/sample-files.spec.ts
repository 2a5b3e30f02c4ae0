// The spec's sample files (campaigns §2 "CSV upload": /files/sample-{products|keywords|pincodes|emails}.csv,
// privilege keywords in a '-cpd' variant) are served by the built server as CSV downloads, not redirected
// to / by the catch-all route. Their contents are checked against the seed in tests/sample-files.test.ts.
import { expect, test } from '@playwright/test'

const samples = [
  { path: '/files/sample-products.csv', header: 'Product Id' },
  { path: '/files/sample-keywords.csv', header: 'Keyword,Bid' },
  { path: '/files/sample-keywords-cpd.csv', header: 'Keyword' },
  { path: '/files/sample-pincodes.csv', header: 'Pincode,District,State' },
  { path: '/files/sample-emails.csv', header: 'Email' },
]

for (const sample of samples) {
  test(`${sample.path} answers 200 text/csv with its header`, async ({ request }) => {
    const response = await request.get(sample.path, { maxRedirects: 0 })
    expect(response.status()).toBe(200)
    expect(response.headers()['content-type']).toMatch(/^text\/csv\b/)
    const lines = (await response.text()).split('\r\n')
    expect(lines[0]).toBe(sample.header)
    expect(lines.filter((line) => line !== '').length).toBeGreaterThan(1)
  })
}

test('a sample name that does not exist still goes to / as before', async ({ request }) => {
  const response = await request.get('/files/sample-unknown.csv', { maxRedirects: 0 })
  expect(response.status()).toBe(302)
  expect(response.headers().location).toBe('/')
})
