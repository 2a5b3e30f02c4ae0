// The campaign editor's three CSV downloads (spec campaigns §7: selected products, selected keywords and
// suggested keywords, written by the console; decision 077), through the one CSV rule (formulas
// neutralised; decision 051). Pure, so that the browser (with JavaScript) and the console's server (a
// Download posted without it) write the same bytes: app/models/adgroup-downloads.ts.
import type { KeywordEntry } from './campaign-editor'
import { type CsvCell, csvLines } from './csv'

type Items = {
  products: { productId: number; name: string; price: number; tag: string }
  keywords: KeywordEntry
  suggestions: { keyword: string; bid: number }
}
export type DownloadKind = keyof Items

const DOWNLOADS: {
  [K in DownloadKind]: { file: string; header: string[]; row: (item: Items[K]) => CsvCell[] }
} = {
  products: {
    file: 'selected_products.csv',
    header: ['Product Id', 'Name', 'Price', 'Tag'],
    row: (p) => [p.productId, p.name, p.price, p.tag],
  },
  keywords: {
    file: 'selected_keywords.csv',
    header: ['Keyword', 'Bid'],
    row: (k) => [k.keyword, k.bid_price],
  },
  suggestions: { file: 'suggested_keywords.csv', header: ['Keyword', 'Bid'], row: (s) => [s.keyword, s.bid] },
}

/** The Download button's intent for a list. */
export const downloadIntent = (kind: DownloadKind) => `adgroup-download:${kind}`

/** The list an intent asks for, or null when it is not a download. */
export function downloadKindOf(intent: string): DownloadKind | null {
  const [verb, kind, ...rest] = intent.split(':')
  if (verb !== 'adgroup-download' || rest.length > 0) return null
  return kind === 'products' || kind === 'keywords' || kind === 'suggestions' ? kind : null
}

export type Download = { file: string; text: string }

/** A list as its CSV file. */
export function csvOf<K extends DownloadKind>(kind: K, items: readonly Items[K][]): Download {
  const { file, header, row } = DOWNLOADS[kind]
  return { file, text: csvLines([header, ...items.map(row)]) }
}
