// Numbers as the console shows them (spec campaigns §9): rupees with Indian digit grouping, counts and
// credits padded to two digits under 10. Money arrives in integer paise (docs/decisions/006).
const rupees = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
const whole = new Intl.NumberFormat('en-IN', { maximumFractionDigits: 0 })

/** 12345678 paise → '1,23,456.78'. */
export const formatMoney = (paise: number) => rupees.format(paise / 100)

/**
 * 123456.78 rupees → '1,23,456.78'. One formatter for every call: `toLocaleString` builds a new one
 * each time, which cost 16 % of the editor's server time with 500 keywords (decision 064).
 */
export const formatRupees = (value: number) => rupees.format(value)

/** A count in the stats card: 7 → '07', 12345 → '12,345'. */
export function formatCount(n: number): string {
  return n >= 0 && n < 10 ? `0${n}` : whole.format(n)
}

/** Available credits: '₹05.00' under ₹10, '₹1,23,456.78' above; negative after overspend. */
export function formatCredits(paise: number): string {
  const text = formatMoney(Math.abs(paise))
  const padded = Math.abs(paise) < 1000 ? `0${text}` : text
  return `${paise < 0 ? '−' : ''}₹${padded}`
}

/** ROAS with 2 decimals (spec §9). */
export const formatRoas = (roas: number) => roas.toFixed(2)

/** Whole numbers (clicks, orders) with Indian digit grouping. */
export const formatInteger = (n: number) => whole.format(n)
