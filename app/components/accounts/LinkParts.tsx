// Small parts the link screens share (decision 036): the Error panel.
import { ErrorState } from '../list/States'

/** spec §8: a failed call shows a panel headed Error with the server's message. */
export function ErrorPanel({ message }: { message: string | null | undefined }) {
  return message ? <ErrorState title="Error" message={message} /> : null
}
