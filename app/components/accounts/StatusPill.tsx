// A status in words on its colour (spec accounts §4 "Status colours"): never colour alone. The user list,
// the user detail, approvals and the link screens all show their statuses with it.
import { type AccountStatus, STATUS_LABELS, type StatusTone, statusTone } from '../../../platform/rules/users'
import * as styles from './status.css'

export function StatusPill({ tone, label }: { tone: StatusTone; label: string }) {
  return <span className={styles.tone[tone]}>{label}</span>
}

/** An account status as the user list shows it: green APPROVED/REACTIVATED, red REJECTED/REVOKED, amber PENDING. */
export function AccountStatusLabel({ status }: { status: AccountStatus }) {
  return <StatusPill tone={statusTone(status)} label={STATUS_LABELS[status]} />
}
