// /admin itself is no page (spec accounts §2: any other path redirects to /).
import { redirect } from '@remix-run/node'

export const loader = () => redirect('/')
