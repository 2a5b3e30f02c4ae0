// The Keywords Search by Product ID form's rules (spec accounts §5 "Keyword search needs a non-empty product
// id"; the words are ours, docs/decisions/048). Plain data: the browser checks them, the loader builds its
// zod schema from them (form-rules.server.ts). Whether the id names a product is the platform's answer
// ('Product is not valid'), so no digit pattern here.
import { TEXT_MAX, tooLongMessage } from '../../../platform/rules/text'
import { formRules } from '../../utils/form-rules'

export const PRODUCT_ID_REQUIRED = 'Enter a product id to search'

export const keywordSearchForm = formRules({
  productId: {
    kind: 'text',
    required: PRODUCT_ID_REQUIRED,
    trim: true,
    // Spaces only: nothing to search for.
    minLength: { value: 1, message: PRODUCT_ID_REQUIRED },
    maxLength: { value: TEXT_MAX.code, message: tooLongMessage(TEXT_MAX.code) },
  },
})
