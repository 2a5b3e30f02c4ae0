import type { ShouldRevalidateFunction } from '@remix-run/react'

/**
 * Opening or closing a dialog of the list (class, delete) keeps the list's query: the list is not
 * fetched again for that. Form posts and changed filters reload it as usual.
 */
export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => {
  if (formMethod && formMethod !== 'GET') return defaultShouldRevalidate
  if (currentUrl.search === nextUrl.search && currentUrl.pathname !== nextUrl.pathname) return false
  return defaultShouldRevalidate
}
