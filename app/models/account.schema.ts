import { formRules } from '../utils/form-rules'

// spec accounts §5: account id is digits only ('ID is invalid').
export const selectAccountForm = formRules({
  accountId: {
    kind: 'text',
    required: 'ID is invalid',
    trim: true,
    pattern: { source: '\\d{1,15}', message: 'ID is invalid' },
  },
})
