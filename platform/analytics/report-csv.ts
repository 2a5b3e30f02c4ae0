// CSV lines of report rows, byte for byte what platform/csv.ts's toCsv (papaparse) writes for data rows
// — formulas neutralised the same way (neutraliseCell), quoted when papaparse quotes — about 4× faster:
// a 50,000-row keyword report spent more time in papaparse than in the database (docs/decisions/038).
// The writer itself is the shared rule's (platform/rules/csv.ts), which the console's downloads use too.
export { csvLines as reportCsvLines } from '../rules/csv'
