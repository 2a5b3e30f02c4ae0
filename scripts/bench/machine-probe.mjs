// The machine speed probe's work (scripts/bench/machine.ts runs it with NODE_ENV=production, in a process
// of its own): React rendering a 200-row table to HTML, 400 times a round; prints the median round in ms
// of 7 after 3 unmeasured.
import { createElement as h } from 'react'
import { renderToString } from 'react-dom/server'

const rows = Array.from({ length: 200 }, (_, i) => ({
  id: 100_000 + i,
  name: `Campaign ${i} — Diwali offers`,
  state: i % 3 ? 'LIVE' : 'PAUSED',
  spend: (i * 137.5).toFixed(2),
}))
const cell = (content) => h('td', null, content)
const table = () =>
  h(
    'table',
    null,
    h(
      'tbody',
      null,
      ...rows.map((r) =>
        h(
          'tr',
          { key: r.id },
          cell(r.id),
          cell(h('a', { href: `/campaigns/${r.id}` }, r.name)),
          cell(r.state),
          cell(`₹${r.spend}`),
        ),
      ),
    ),
  )
const round = () => {
  const started = performance.now()
  for (let i = 0; i < 400; i++) renderToString(table())
  return performance.now() - started
}
for (let i = 0; i < 3; i++) round()
const times = Array.from({ length: 7 }, round).sort((a, b) => a - b)
console.log(times[3].toFixed(1))
