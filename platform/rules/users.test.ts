import { describe, expect, it } from 'vitest'
import { Roles } from './roles'
import {
  ACCOUNT_STATUSES,
  editTarget,
  mayManageAccess,
  mayReactivate,
  mayRevoke,
  otherAdminRole,
  statusTone,
} from './users'

describe('user management rules (spec accounts §4, §6)', () => {
  it('colours the list: green APPROVED/REACTIVATED, red REJECTED/REVOKED, amber PENDING', () => {
    expect(Object.fromEntries(ACCOUNT_STATUSES.map((s) => [s, statusTone(s)]))).toEqual({
      APPROVED: 'green',
      REACTIVATED: 'green',
      REJECTED: 'red',
      REVOKED: 'red',
      PENDING: 'amber',
    })
  })

  it('revokes APPROVED and REACTIVATED, reactivates REVOKED only', () => {
    expect(ACCOUNT_STATUSES.filter(mayRevoke)).toEqual(['APPROVED', 'REACTIVATED'])
    expect(ACCOUNT_STATUSES.filter(mayReactivate)).toEqual(['REVOKED'])
  })

  it('offers only the other admin role, and only SUPERADMIN manages access', () => {
    expect(Roles.map(otherAdminRole)).toEqual(['OPS', 'SUPERADMIN', null, null, null])
    expect(Roles.filter(mayManageAccess)).toEqual(['SUPERADMIN'])
  })

  it('shows the edit icon by viewer, row role and status (every combination)', () => {
    for (const viewer of ['SUPERADMIN', 'OPS'] as const) {
      for (const role of Roles) {
        for (const accountStatus of ACCOUNT_STATUSES) {
          const expected =
            viewer === 'SUPERADMIN'
              ? accountStatus === 'REJECTED' || accountStatus === 'PENDING'
                ? null
                : 'detail'
              : role === 'AGENCY' && accountStatus === 'REJECTED'
                ? 'edit'
                : null
          expect(editTarget(viewer, { role, accountStatus }), `${viewer} ${role} ${accountStatus}`).toBe(
            expected,
          )
        }
      }
    }
  })
})
