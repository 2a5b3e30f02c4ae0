// Who may do what to a campaign (spec campaigns §4, §6): one answer for the console (which hides what
// is refused) and the platform (which refuses it). Pure; see docs/decisions/014.
import { type CampaignClass, privilegeReadOnly, type RowAction, rowAction } from './campaigns'
import { isAdminRole, type Role } from './roles'

/**
 * Creating a campaign of a class (spec §2, §6): only SUPERADMIN and OPS choose the class, so only they
 * create Privilege campaigns; Sponsored is always open to them and to others only with credits.
 */
export function mayCreateCampaign(
  role: Role,
  campaignClass: CampaignClass,
  creditsEnabled: boolean,
): boolean {
  if (campaignClass === 'Privilege') return isAdminRole(role)
  return isAdminRole(role) || creditsEnabled
}

/** Whether the Create New Campaign button is enabled: some class may be created (spec §6). */
export const mayCreateAnyCampaign = (role: Role, creditsEnabled: boolean) =>
  mayCreateCampaign(role, 'Sponsored', creditsEnabled)

/** A clone is a new campaign of the source's class: what creating it needs, on a campaign one may edit. */
export const mayCloneCampaign = (
  role: Role,
  campaign: { campaignClass: CampaignClass },
  creditsEnabled: boolean,
) => !privilegeReadOnly(role, campaign) && mayCreateCampaign(role, campaign.campaignClass, creditsEnabled)

/** Edit (else the editor is read-only: the list's "View") and delete: not BRAND/SELLER on Privilege. */
export const mayEditCampaign = (role: Role, campaign: { campaignClass: CampaignClass }) =>
  !privilegeReadOnly(role, campaign)
export const mayDeleteCampaign = mayEditCampaign

/** Pause or play: only the row action the campaign's state offers (spec §4). */
export const mayRunRowAction = (
  role: Role,
  campaign: { state: number | null; status: number; campaignClass: CampaignClass },
  wanted: Exclude<RowAction, null>,
) => rowAction(role, campaign) === wanted

export { actsForItself } from './roles'
