// The group's working copy as its form carries it, in the hidden `adgroup-state` (decisions 030, 077).
// JSON, with each keyword written as a [keyword, match type, bid] triple instead of an object: in an
// HTML attribute every quote is six characters (&quot;), and the three key names made 500 keywords
// 52 KB of a 205 KB page; as triples they are 17 KB. Shared by the card that writes it and the server
// half that reads it back. What comes back is only shape: the server judges every value again.
import type { AdGroupWorking } from './adgroup-editor.server'

/** The working copy as the hidden field's value. */
export const encodeWorking = (working: AdGroupWorking): string =>
  JSON.stringify({
    ...working,
    keywords: working.keywords.map((k) => [k.keyword, k.match_type, k.bid_price]),
  })

/**
 * A posted hidden field read back: an object whose keyword triples are objects again. A keyword already
 * written as an object (a page rendered before decision 077, still open across the deploy) is passed on
 * as it is, so that its working copy is not lost; the caller's checks drop anything malformed. Anything
 * that is not a JSON object is an empty object.
 */
export function decodeWorking(text: string): Record<string, unknown> {
  let parsed: unknown
  try {
    parsed = JSON.parse(text || '{}')
  } catch {
    return {}
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) return {}
  const raw = parsed as Record<string, unknown>
  if (!Array.isArray(raw.keywords)) return raw
  return {
    ...raw,
    keywords: raw.keywords.map((k: unknown) =>
      Array.isArray(k) ? { keyword: k[0], match_type: k[1], bid_price: k[2] } : k,
    ),
  }
}
