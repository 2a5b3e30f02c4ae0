// An account status in words and colour (spec §4, as the user list): never colour alone.
import type { AccountStatus } from '../../../platform/rules/approvals'
import { STATUS_LABELS, STATUS_TONE } from '../../models/approvals.schema'
import * as styles from './approvals.css'

export function ApprovalStatus({ status }: { status: AccountStatus }) {
  return <span className={styles.status[STATUS_TONE[status]]}>{STATUS_LABELS[status]}</span>
}
