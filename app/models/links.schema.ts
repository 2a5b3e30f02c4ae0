// Form rules of the link and de-link forms (spec accounts §5 "Other forms"), shared by the browser
// check and the server's schema (decision 017). Messages are the spec's, word for word.
import { BRAND_ID_SOURCE, DELINK_REASON_MAX, LinkMessages } from '../../platform/rules/links'
import { TEXT_MAX, tooLongMessage } from '../../platform/rules/text'
import { formRules } from '../utils/form-rules'

const brandId = {
  kind: 'text',
  required: LinkMessages.brandIdInvalid,
  trim: true,
  pattern: { source: BRAND_ID_SOURCE, message: LinkMessages.brandIdInvalid },
} as const

/** /link: 'Brand Id' and 'Create request'. */
export const linkRequestForm = formRules({ brandId })

/** /delink: Brand Id, Agency Email Id, Delink Reason. */
export const delinkRequestForm = formRules({
  brandId,
  agencyId: {
    kind: 'text',
    required: LinkMessages.agencyIdInvalid,
    trim: true,
    maxLength: { value: TEXT_MAX.email, message: LinkMessages.agencyIdInvalid },
    email: LinkMessages.agencyIdInvalid,
  },
  deLinkReason: {
    kind: 'text',
    required: LinkMessages.delinkReasonEmpty,
    trim: true,
    safe: { multiline: true },
    // Spaces only: empty once trimmed.
    minLength: { value: 1, message: LinkMessages.delinkReasonEmpty },
    maxLength: { value: DELINK_REASON_MAX, message: tooLongMessage(DELINK_REASON_MAX) },
  },
})
