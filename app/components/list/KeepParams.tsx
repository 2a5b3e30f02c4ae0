/** Hidden inputs that carry the rest of a list's URL state through a GET form. */
export function KeepParams({ params }: { params: [string, string][] }) {
  return (
    <>
      {params.map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
    </>
  )
}
