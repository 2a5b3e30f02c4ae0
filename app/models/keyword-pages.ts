// The selected-keywords table a page at a time (decision 070). An ad group holds up to 500 keywords; the
// editor shows 50 of them, with a button per page, so the page stays light and a keyboard user does not
// tab through 500 Remove buttons to reach Save. The working copy (the hidden `adgroup-state`) still
// carries every keyword; only the table is paged. Shared by the server half (which page an intent
// leaves showing) and the table (which rows it draws).

/** Keywords a page of the selected-keywords table shows. */
export const KEYWORD_PAGE_SIZE = 50

/** How many pages `count` keywords fill (at least one). */
export const keywordPageCount = (count: number) => Math.max(1, Math.ceil(count / KEYWORD_PAGE_SIZE))

/** The page to show: the one asked for (1 when none), within the pages there are. */
export const keywordPageWithin = (page: number | undefined, count: number) =>
  Math.min(Math.max(1, page ?? 1), keywordPageCount(count))

/** The page that shows `keyword` (case-insensitive), or undefined when it is not among them. */
export function keywordPageHolding(keywords: readonly { keyword: string }[], keyword: string) {
  const wanted = keyword.trim().toLowerCase()
  const index = keywords.findIndex((k) => k.keyword.toLowerCase() === wanted)
  return index < 0 ? undefined : Math.floor(index / KEYWORD_PAGE_SIZE) + 1
}

/** The rows of one page, with the 1-based positions of its first and last keyword. */
export function keywordPage<T>(keywords: readonly T[], page: number | undefined) {
  const shown = keywordPageWithin(page, keywords.length)
  const start = (shown - 1) * KEYWORD_PAGE_SIZE
  const rows = keywords.slice(start, start + KEYWORD_PAGE_SIZE)
  return {
    page: shown,
    pages: keywordPageCount(keywords.length),
    rows,
    from: start + 1,
    to: start + rows.length,
  }
}
