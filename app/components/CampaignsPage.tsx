/** The campaign list page, shared by /campaigns and /admin/campaigns. The list itself lands with issue 4. */
export function CampaignsPage({ sellerId }: { sellerId: number }) {
  return (
    <section aria-labelledby="campaigns-heading">
      <h1 id="campaigns-heading">Campaigns</h1>
      <p>Advertiser {sellerId}</p>
    </section>
  )
}
