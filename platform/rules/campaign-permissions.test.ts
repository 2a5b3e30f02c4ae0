// Who may do what to a campaign, by role × class × credits (spec campaigns §4, §6; docs/decisions/014).
// The expectations are written out row by row from the spec, not derived from the functions.
import { describe, expect, it } from 'vitest'
import {
  actsForItself,
  mayCloneCampaign,
  mayCreateAnyCampaign,
  mayCreateCampaign,
  mayDeleteCampaign,
  mayEditCampaign,
  mayRunRowAction,
} from './campaign-permissions'
import type { CampaignClass } from './campaigns'
import type { Role } from './roles'

const Y = true
const N = false

// role, class, credits → create, clone
const createAndClone: [Role, CampaignClass, boolean, boolean, boolean][] = [
  ['SUPERADMIN', 'Sponsored', true, Y, Y],
  ['SUPERADMIN', 'Sponsored', false, Y, Y],
  ['SUPERADMIN', 'Privilege', true, Y, Y],
  ['SUPERADMIN', 'Privilege', false, Y, Y],
  ['OPS', 'Sponsored', true, Y, Y],
  ['OPS', 'Sponsored', false, Y, Y],
  ['OPS', 'Privilege', true, Y, Y],
  ['OPS', 'Privilege', false, Y, Y],
  ['AGENCY', 'Sponsored', true, Y, Y],
  ['AGENCY', 'Sponsored', false, N, N],
  ['AGENCY', 'Privilege', true, N, N],
  ['AGENCY', 'Privilege', false, N, N],
  ['BRAND', 'Sponsored', true, Y, Y],
  ['BRAND', 'Sponsored', false, N, N],
  ['BRAND', 'Privilege', true, N, N],
  ['BRAND', 'Privilege', false, N, N],
  ['SELLER', 'Sponsored', true, Y, Y],
  ['SELLER', 'Sponsored', false, N, N],
  ['SELLER', 'Privilege', true, N, N],
  ['SELLER', 'Privilege', false, N, N],
]

describe('creating and cloning a campaign', () => {
  it.each(createAndClone)('%s, %s, credits %s: create %s, clone %s', (role, cls, credits, create, clone) => {
    expect(mayCreateCampaign(role, cls, credits)).toBe(create)
    expect(mayCloneCampaign(role, { campaignClass: cls }, credits)).toBe(clone)
  })

  // role, credits → the Create New Campaign button is enabled
  const button: [Role, boolean, boolean][] = [
    ['SUPERADMIN', true, Y],
    ['SUPERADMIN', false, Y],
    ['OPS', true, Y],
    ['OPS', false, Y],
    ['AGENCY', true, Y],
    ['AGENCY', false, N],
    ['BRAND', true, Y],
    ['BRAND', false, N],
    ['SELLER', true, Y],
    ['SELLER', false, N],
  ]
  it.each(button)('%s with credits %s: Create New Campaign enabled %s', (role, credits, enabled) => {
    expect(mayCreateAnyCampaign(role, credits)).toBe(enabled)
  })
})

// role, class → edit, delete (credits play no part: both are checked with and without)
const editAndDelete: [Role, CampaignClass, boolean][] = [
  ['SUPERADMIN', 'Sponsored', Y],
  ['SUPERADMIN', 'Privilege', Y],
  ['OPS', 'Sponsored', Y],
  ['OPS', 'Privilege', Y],
  ['AGENCY', 'Sponsored', Y],
  ['AGENCY', 'Privilege', Y],
  ['BRAND', 'Sponsored', Y],
  ['BRAND', 'Privilege', N],
  ['SELLER', 'Sponsored', Y],
  ['SELLER', 'Privilege', N],
]

describe('editing and deleting a campaign', () => {
  it.each(editAndDelete)('%s on %s: edit and delete %s', (role, cls, allowed) => {
    expect(mayEditCampaign(role, { campaignClass: cls })).toBe(allowed)
    expect(mayDeleteCampaign(role, { campaignClass: cls })).toBe(allowed)
  })
})

describe('pause and play', () => {
  const running = { state: 1, status: 1 }
  const pausedByHand = { state: 2, status: 0 }
  const pausedForBudget = { state: 2, status: 1 }
  const scheduled = { state: 6, status: 1 }

  // role, class → pause a running campaign, play a manual pause
  const actions: [Role, CampaignClass, boolean, boolean][] = [
    ['SUPERADMIN', 'Sponsored', Y, Y],
    ['SUPERADMIN', 'Privilege', Y, Y],
    ['OPS', 'Sponsored', Y, Y],
    ['OPS', 'Privilege', Y, Y],
    ['AGENCY', 'Sponsored', Y, Y],
    ['AGENCY', 'Privilege', Y, Y],
    ['BRAND', 'Sponsored', Y, Y],
    ['BRAND', 'Privilege', N, N],
    ['SELLER', 'Sponsored', Y, Y],
    ['SELLER', 'Privilege', N, N],
  ]
  it.each(actions)('%s on %s: pause a running one %s, play a manual pause %s', (role, cls, pause, play) => {
    expect(mayRunRowAction(role, { ...running, campaignClass: cls }, 'PAUSE')).toBe(pause)
    expect(mayRunRowAction(role, { ...pausedByHand, campaignClass: cls }, 'PLAY')).toBe(play)
  })

  it.each(['SUPERADMIN', 'OPS', 'AGENCY', 'BRAND', 'SELLER'] as Role[])(
    '%s gets only the action the state offers',
    (role) => {
      const c = { campaignClass: 'Sponsored' as const }
      expect(mayRunRowAction(role, { ...running, ...c }, 'PLAY')).toBe(false)
      expect(mayRunRowAction(role, { ...pausedByHand, ...c }, 'PAUSE')).toBe(false)
      for (const other of [pausedForBudget, scheduled, { state: null, status: 1 }]) {
        expect(mayRunRowAction(role, { ...other, ...c }, 'PLAY')).toBe(false)
        expect(mayRunRowAction(role, { ...other, ...c }, 'PAUSE')).toBe(false)
      }
    },
  )
})

describe('acting for an advertiser', () => {
  const table: [Role, boolean][] = [
    ['SUPERADMIN', N],
    ['OPS', N],
    ['AGENCY', N],
    ['BRAND', Y],
    ['SELLER', Y],
  ]
  it.each(table)('%s acts for itself: %s', (role, itself) => {
    expect(actsForItself(role)).toBe(itself)
  })
})
