import { describe, expect, it } from 'vitest'
import {
  initialAccountStatus,
  mayOnboard,
  onboardableRoles,
  onboardUserProblems,
  phoneDigits,
  storedPhone,
} from './onboarding'

describe('who may onboard whom (spec accounts §6)', () => {
  it('SUPERADMIN any role, OPS all but Super Admin, advertisers none', () => {
    expect(onboardableRoles('SUPERADMIN').map((o) => o.label)).toEqual([
      'Admin',
      'Super Admin',
      'Seller',
      'Brand',
      'Agency',
    ])
    expect(onboardableRoles('OPS').map((o) => o.value)).toEqual(['OPS', 'SELLER', 'BRAND', 'AGENCY'])
    for (const actor of ['AGENCY', 'BRAND', 'SELLER'] as const) {
      expect(mayOnboard(actor, 'SELLER')).toBe(false)
    }
  })

  it('an agency starts PENDING, every other role APPROVED (decision 033)', () => {
    expect(initialAccountStatus('AGENCY')).toBe('PENDING')
    for (const role of ['SUPERADMIN', 'OPS', 'BRAND', 'SELLER'] as const)
      expect(initialAccountStatus(role)).toBe('APPROVED')
  })
})

describe('onboardUserProblems (spec accounts §5, word for word)', () => {
  const agency = {
    name: 'Acme',
    email: 'a@b.in',
    role: 'AGENCY',
    primaryContactNumber: '3000000000',
    address: 'x',
    pincode: '560001',
  }
  it('accepts a valid agency, seller and staff user', () => {
    expect(onboardUserProblems(agency)).toEqual({})
    expect(onboardUserProblems({ name: 'S', email: 'a@b.in', role: 'SELLER', userId: '1' })).toEqual({})
    expect(onboardUserProblems({ name: 'S', email: 'a@b.in', role: 'OPS' })).toEqual({})
  })

  it('names every problem', () => {
    expect(
      onboardUserProblems({
        name: ' ',
        email: 'a@',
        role: 'AGENCY',
        primaryContactNumber: '2000000000',
        secondaryContactNumber: '30000',
        address: '',
        pincode: '12345',
      }),
    ).toEqual({
      name: 'Name cannot be empty',
      email: 'Email is invalid',
      primaryContactNumber: 'Number is invalid',
      secondaryContactNumber: 'Number is invalid',
      address: 'Address cannot be empty',
      pincode: 'Pincode is invalid',
    })
    expect(onboardUserProblems({ name: 'B', email: 'a@b.in', role: 'BRAND', userId: '-1' })).toEqual({
      userId: 'ID is invalid',
    })
  })

  it('checks only the fields of the role', () => {
    expect(
      onboardUserProblems({ name: 'S', email: 'a@b.in', role: 'OPS', pincode: 'x', userId: 'y' }),
    ).toEqual({})
  })

  it('stores numbers as +91 and the 10 digits, and shows the digits again', () => {
    expect(storedPhone('9876543210')).toBe('+919876543210')
    expect(phoneDigits('+919876543210')).toBe('9876543210')
    expect(phoneDigits(null)).toBe('')
  })
})
