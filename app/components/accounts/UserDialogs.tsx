// The user detail's dialogs (spec accounts §2, §4, §5): change access (only the other admin role),
// Revoke and Reactivate account, each with a required reason. Route dialogs (decision 017): a section
// of the page without JS, modal with it. The reason field takes focus first (nothing can be confirmed
// without it), then the confirm button, then Cancel.
import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from '@remix-run/react'
import { USER_TYPE_LABELS } from '../../../platform/rules/users'
import { reasonForm } from '../../models/users.schema'
import type { loadDialog } from '../../models/users.server'
import { inputProps, useZodForm } from '../../utils/use-zod-form'
import * as dialog from '../dialog/dialog.css'
import { DialogCancel, initialFocus, RouteDialog } from '../dialog/RouteDialog'
import * as form from '../form.css'
import { FieldError, NativeChecksWhileLoading } from '../FormParts'
import { ErrorState } from '../list/States'
import { SOMETHING_WENT_WRONG } from '../../../platform/contracts/envelope'

export type UserDialogData = Awaited<ReturnType<typeof loadDialog>>

const TITLES = {
  access: 'Change access',
  revoke: 'Revoke account',
  reactivate: 'Reactivate account',
} as const
const CONFIRM = { access: 'Change access', revoke: 'Revoke', reactivate: 'Reactivate account' } as const

export function UserDialog({
  data,
  lastResult,
}: {
  data: UserDialogData
  lastResult?: SubmissionResult<string[]> | null
}) {
  const [meta, fields] = useZodForm(reasonForm, lastResult)
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting'
  const field = fields.reason
  const titleId = `${data.kind}-dialog-title`
  return (
    <RouteDialog titleId={titleId} title={TITLES[data.kind]} back={data.back}>
      <p>
        {data.kind === 'access' ? (
          <>
            <strong>{data.name}</strong> ({data.email}) has {USER_TYPE_LABELS[data.role]} access.
          </>
        ) : data.kind === 'revoke' ? (
          <>
            <strong>{data.name}</strong> ({data.email}) will be signed out at once and cannot sign in until
            the account is reactivated.
          </>
        ) : (
          <>
            <strong>{data.name}</strong> ({data.email}) will be able to sign in again.
          </>
        )}
      </p>
      {meta.errors?.length ? (
        <div id={meta.errorId}>
          <ErrorState title="Error" message={meta.errors[0] ?? SOMETHING_WENT_WRONG} />
        </div>
      ) : null}
      <Form method="post" action={data.self} {...meta.props} className={dialog.stack} preventScrollReset>
        {data.kind === 'access' && data.newRole ? (
          <fieldset className={dialog.choices}>
            <legend className={dialog.legend}>New access</legend>
            <label className={dialog.choice}>
              <input type="radio" name="newRole" value={data.newRole} defaultChecked />
              {USER_TYPE_LABELS[data.newRole]}
            </label>
          </fieldset>
        ) : null}
        <div className={form.field}>
          <label htmlFor={field.id}>Reason</label>
          <input
            key={field.key}
            {...inputProps(field, { type: 'text' })}
            autoComplete="off"
            className={form.input}
            {...initialFocus()}
          />
          <FieldError field={field} />
        </div>
        <div className={dialog.actions}>
          <button
            type="submit"
            className={data.kind === 'revoke' ? dialog.danger : dialog.confirm}
            disabled={busy}
          >
            {CONFIRM[data.kind]}
          </button>
          <DialogCancel to={data.back} />
        </div>
      </Form>
      <NativeChecksWhileLoading />
    </RouteDialog>
  )
}
