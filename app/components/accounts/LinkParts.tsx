// Small parts the link screens share (decision 036): a status in words and colour, the Error panel.
import type { StatusTone } from '../../../platform/rules/links'
import { ErrorState } from '../list/States'
import * as styles from './links.css'

/** A status in words with its colour (never colour alone). */
export function StatusLabel({ tone, label }: { tone: StatusTone; label: string }) {
  return <span className={styles.tone[tone]}>{label}</span>
}

/** spec §8: a failed call shows a panel headed Error with the server's message. */
export function ErrorPanel({ message }: { message: string | null | undefined }) {
  return message ? <ErrorState title="Error" message={message} /> : null
}
