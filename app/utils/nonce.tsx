import { createContext, useContext } from 'react'

/** The per-request CSP nonce, set by entry.server and read by <Scripts>. Empty in the browser. */
export const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
