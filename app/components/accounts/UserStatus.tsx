// An account status as the user list and detail show it (spec accounts §4 "Status colours"): the
// status in words on its colour, never colour alone.
import { type AccountStatus, STATUS_LABELS, statusTone } from '../../../platform/rules/users'
import * as styles from './users.css'

export function StatusLabel({ status }: { status: AccountStatus }) {
  return <span className={styles.status[statusTone(status)]}>{STATUS_LABELS[status]}</span>
}
