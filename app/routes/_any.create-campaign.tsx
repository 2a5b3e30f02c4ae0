// The campaign editor (spec campaigns §2 "Create/Edit campaign"; decisions 026, 029): a new campaign
// (?class=Sponsored|Privilege) or a saved one (?id=N). Step one is one POST form; once saved, the
// details show locked with the ad-group section below (?id=N&step=details reopens them).
import type { ActionFunctionArgs, LoaderFunctionArgs, MetaFunction } from '@remix-run/node'
import { Outlet, useActionData, useLoaderData } from '@remix-run/react'
import { CampaignDetailsForm, CampaignSummary } from '../components/editor/CampaignDetails'
import { AdGroupSection } from '../components/editor/AdGroupSection'
import { type EditorAnswer, editorHeading } from '../models/campaign-editor'
import { ROUTES } from '../route-table'
import { editorAction, editorLoader } from '../models/campaign-editor.server'
import * as styles from '../components/editor/editor.css'

export const loader = (args: LoaderFunctionArgs) => editorLoader(args, ROUTES.createCampaign)
export const action = (args: ActionFunctionArgs) => editorAction(args, ROUTES.createCampaign)

export default function CampaignEditorPage() {
  const { settings, answer: loaded, adGroups } = useLoaderData<typeof loader>()
  const posted = useActionData<{ answer?: EditorAnswer }>()
  const answer = posted?.answer ?? loaded
  return (
    <div className={styles.page}>
      {settings.locked ? (
        <CampaignSummary settings={settings} answer={loaded} />
      ) : (
        <CampaignDetailsForm key={answer.revision} settings={settings} answer={answer} />
      )}
      {settings.locked && adGroups ? <AdGroupSection data={adGroups} readOnly={settings.readOnly} /> : null}
      <Outlet />
    </div>
  )
}

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data ? editorHeading(data.settings) : 'Create Campaign'} · Ad Console` },
]
