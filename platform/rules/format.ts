// Display formats of spec campaigns §9 shared by the console and the platform (tables, CSV downloads).
import { istDateTime } from './time'

/** 'YYYY-MM-DD HH:mm:ss' of an instant in IST (UTC+05:30), the tables' date-time format (spec §9). */
export const formatIstDateTime = (date: Date): string => istDateTime(date)

/** Integer paise as rupees with two decimals and no grouping: 123450 → '1234.50', -5 → '-0.05'. */
export function formatRupees(paise: number): string {
  if (!Number.isSafeInteger(paise)) throw new RangeError('money amounts are integer paise')
  const abs = Math.abs(paise)
  return `${paise < 0 ? '-' : ''}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`
}
