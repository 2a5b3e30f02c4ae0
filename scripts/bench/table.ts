// The bench's figures, side by side: one row per measure, one column per database (or mode), the target
// beside each and OVER where a figure misses it. Parts of the bench add figures as they measure them;
// bench.ts prints the tables at the end. Nothing here fails: a missed target is printed, not thrown.

/** One figure of one column: its text and whether it misses the row's target. */
export type Cell = { text: string; over?: boolean }

type Row = { section: string; measure: string; target: string; cells: Map<string, Cell> }

export class FigureTable {
  private rows: Row[] = []
  readonly columns: string[] = []

  constructor(readonly title: string) {}

  /** Adds (or fills in) the figure of `measure` for `column`. */
  set(section: string, measure: string, target: string, column: string, cell: Cell) {
    if (!this.columns.includes(column)) this.columns.push(column)
    let row = this.rows.find((r) => r.section === section && r.measure === measure)
    if (!row) {
      row = { section, measure, target, cells: new Map() }
      this.rows.push(row)
    }
    row.cells.set(column, cell)
  }

  get isEmpty() {
    return this.rows.length === 0
  }

  /** The table as text lines: sections as headings, a column per database, OVER after a missed figure. */
  lines(): string[] {
    const cellText = (cell: Cell | undefined) => (cell ? `${cell.text}${cell.over ? ' OVER' : ''}` : '-')
    const measureWidth = Math.max(20, ...this.rows.map((r) => r.measure.length))
    const targetWidth = Math.max(6, ...this.rows.map((r) => r.target.length))
    const widths = this.columns.map((column) =>
      Math.max(column.length, ...this.rows.map((r) => cellText(r.cells.get(column)).length)),
    )
    const line = (measure: string, target: string, cells: string[]) =>
      `  ${measure.padEnd(measureWidth)}  ${target.padEnd(targetWidth)}  ${cells.map((c, i) => c.padStart(widths[i]!)).join('  ')}`.trimEnd()
    const out = [`\n${this.title}`, line('measure', 'target', this.columns)]
    // Rows grouped under their section, sections in the order they first appeared.
    const sections = [...new Set(this.rows.map((r) => r.section))]
    const rows = sections.flatMap((name) => this.rows.filter((r) => r.section === name))
    let section = ''
    for (const row of rows) {
      if (row.section !== section) {
        section = row.section
        out.push(`  ${section}`)
      }
      out.push(
        line(
          `  ${row.measure}`,
          row.target,
          this.columns.map((column) => cellText(row.cells.get(column))),
        ),
      )
    }
    const over = this.rows.reduce((n, r) => n + [...r.cells.values()].filter((c) => c.over).length, 0)
    out.push(over ? `  ${over} figure(s) OVER their target` : '  every figure within its target')
    return out
  }

  print() {
    for (const line of this.lines()) console.log(line)
  }
}

/**
 * The figures of the reports and imports (issues 12 and 13): their parts (scripts/bench/reports.ts,
 * scripts/bench/billing.ts) print their details as they run and add their headline figures here.
 */
export const reportsTable = new FigureTable('Reports and imports (issues 12 and 13)')

export const fmtMs = (ms: number) =>
  Number.isFinite(ms) ? `${ms < 10 ? ms.toFixed(1) : ms.toFixed(0)} ms` : '-'
export const fmtS = (ms: number) => `${(ms / 1000).toFixed(2)} s`
