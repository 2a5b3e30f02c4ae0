// Discard's confirmation over the editor (spec campaigns §2: 'Are you sure?' with Cancel/Discard; decision
// 029). Discard leaves for the campaign list: a campaign never saved is simply dropped, a saved draft
// stays in the list as it was last saved.
import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node'
import { Form, useRouteLoaderData } from '@remix-run/react'
import * as dialog from '../components/dialog/dialog.css'
import { DialogCancel, initialFocus, RouteDialog } from '../components/dialog/RouteDialog'
import { discardAction, discardLoader } from '../models/campaign-editor.server'
import { ROUTES } from '../route-table'
import type { loader as editorLoader } from './_any.create-campaign'

export const loader = (args: LoaderFunctionArgs) => discardLoader(args, ROUTES.createCampaignDiscard)
export const action = (args: ActionFunctionArgs) => discardAction(args, ROUTES.createCampaignDiscard)

export default function DiscardDialog() {
  const editor = useRouteLoaderData<typeof editorLoader>('routes/_any.create-campaign')
  const settings = editor?.settings
  if (!settings) return null
  const self = settings.discardPath
  return (
    <RouteDialog titleId="discard-dialog-title" title="Are you sure?" back={settings.selfPath}>
      <p>
        {settings.id === null
          ? 'The campaign has not been saved: what you entered will be lost.'
          : 'Changes since the last save will be lost. The saved draft stays in your campaign list.'}
      </p>
      <Form method="post" action={self} className={dialog.actions}>
        <button type="submit" className={dialog.danger} {...initialFocus()}>
          Discard
        </button>
        <DialogCancel to={settings.selfPath} />
      </Form>
    </RouteDialog>
  )
}
