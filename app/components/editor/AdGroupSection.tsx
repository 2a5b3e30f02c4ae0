// The campaign editor's ad-group section (issue 10; docs/decisions/026). INTERFACE STUB — filled in by the
// ad-group work; the editor page renders it under the locked campaign details once the campaign is saved.
import type { AdGroupEditorData } from '../../models/adgroup-editor.server'

export function AdGroupSection({ data, readOnly }: { data: AdGroupEditorData; readOnly: boolean }) {
  return (
    <section aria-labelledby="ad-groups-heading">
      <h2 id="ad-groups-heading">Ad groups</h2>
      {readOnly ? null : <p>{data.groups.length} ad groups</p>}
    </section>
  )
}
