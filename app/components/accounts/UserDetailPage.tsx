// The user detail (/admin/userManagement/:email, spec accounts §2 "User detail", §4, §6): name, user type
// and e-mail read-only; for admin roles the current access with an edit control (the access dialog);
// Revoke (APPROVED, REACTIVATED) or Reactivate account (REVOKED). The controls are SUPERADMIN's; OPS sees
// the read-only profile. Dialogs are child routes (decision 017). Decision 034.
import { Link, Outlet } from '@remix-run/react'
import { USER_TYPE_LABELS } from '../../../platform/rules/users'
import { USER_MANAGEMENT_PATH, userDetailPath } from '../../models/users.schema'
import type { UserDetailData } from '../../models/users.server'
import { ErrorState } from '../list/States'
import { AccountStatusLabel } from './StatusPill'
import * as styles from './users.css'
import { SOMETHING_WENT_WRONG } from '../../../platform/contracts/envelope'

export function UserDetailPage({ data }: { data: UserDetailData }) {
  return (
    <section aria-labelledby="user-heading" className={styles.page}>
      <div className={styles.titleRow}>
        <h1 id="user-heading" className={styles.title}>
          User details
        </h1>
        <Link to={USER_MANAGEMENT_PATH} className={styles.secondaryLink}>
          Back to User Management
        </Link>
      </div>
      {data.error || !data.profile ? (
        <ErrorState title="Error" message={data.error ?? SOMETHING_WENT_WRONG} />
      ) : (
        <Profile profile={data.profile} controls={data.controls} />
      )}
      <Outlet />
    </section>
  )
}

function Profile({
  profile,
  controls,
}: {
  profile: NonNullable<UserDetailData['profile']>
  controls: UserDetailData['controls']
}) {
  const path = userDetailPath(profile.email)
  const adminRole = profile.role === 'SUPERADMIN' || profile.role === 'OPS'
  return (
    <div className={styles.card}>
      <dl className={styles.facts}>
        <dt className={styles.term}>Name</dt>
        <dd className={styles.value}>{profile.name}</dd>
        <dt className={styles.term}>User Type</dt>
        <dd className={styles.value}>{USER_TYPE_LABELS[profile.role]}</dd>
        <dt className={styles.term}>E-mail</dt>
        <dd className={styles.value}>{profile.email}</dd>
        <dt className={styles.term}>Status</dt>
        <dd className={styles.value}>
          <AccountStatusLabel status={profile.accountStatus} />
        </dd>
        <dt className={styles.term}>Added by</dt>
        <dd className={styles.value}>{profile.addedBy || '–'}</dd>
        <dt className={styles.term}>Added on</dt>
        <dd className={styles.value}>{profile.timestamp}</dd>
        {adminRole ? (
          <>
            <dt className={styles.term}>Current access</dt>
            <dd className={styles.value}>
              <span className={styles.accessRow}>
                <span data-testid="current-access">{USER_TYPE_LABELS[profile.role]}</span>
                {controls?.access ? (
                  <Link to={`${path}/access`} className={styles.link} preventScrollReset>
                    Edit access
                  </Link>
                ) : null}
              </span>
            </dd>
          </>
        ) : null}
        {profile.role === 'AGENCY' ? (
          <>
            <dt className={styles.term}>Linked brands</dt>
            <dd className={styles.value}>
              {profile.brands.length === 0
                ? 'None'
                : profile.brands.map((b) => `${b.brandName} (${b.brandId})`).join(', ')}
            </dd>
          </>
        ) : null}
        {profile.comments ? (
          <>
            <dt className={styles.term}>Comments</dt>
            <dd className={styles.value}>{profile.comments}</dd>
          </>
        ) : null}
      </dl>
      {controls?.status ? (
        <div className={styles.actions}>
          {controls.status === 'revoke' ? (
            <Link to={`${path}/revoke`} className={styles.dangerLink} preventScrollReset>
              Revoke
            </Link>
          ) : (
            <Link to={`${path}/reactivate`} className={styles.primaryLink} preventScrollReset>
              Reactivate account
            </Link>
          )}
        </div>
      ) : null}
    </div>
  )
}
