/** A console page whose screen is built in a later issue: the route, its guard and menu entry exist. */
export function PendingPage({ title }: { title: string }) {
  return (
    <section aria-labelledby="pending-heading">
      <h1 id="pending-heading">{title}</h1>
      <p>This screen is not available yet.</p>
    </section>
  )
}
