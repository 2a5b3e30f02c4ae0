// Any other path redirects to / (spec accounts §2).
import { redirect } from '@remix-run/node'

export const loader = () => redirect('/')
export const action = () => redirect('/')
