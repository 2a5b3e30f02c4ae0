// Reading a console post's body (decision 052). `request.formData()` throws on a body it cannot parse — a
// multipart body whose boundary is missing or never closes, a body cut short, a type that is not a form —
// and an action that let it through answered 500. These answer 400 with one sentence instead.
import { unstable_createMemoryUploadHandler, unstable_parseMultipartFormData } from '@remix-run/node'
import { UNREADABLE_FORM_PAGE } from './read-form'

/** The 400 an action throws for a body it cannot read; the error page shows its sentence. */
export function unreadableForm(): Response {
  return new Response(UNREADABLE_FORM_PAGE, {
    status: 400,
    headers: { 'Content-Type': 'text/plain; charset=utf-8' },
  })
}

/** Throws when the body was already read: that is a bug of ours (a 500), not the sender's fault. */
function assertUnread(request: Request) {
  if (request.bodyUsed) throw new Error('The request body was already read')
}

/** The posted form, or a thrown 400 `unreadableForm()`. */
export async function readFormData(request: Request): Promise<FormData> {
  assertUnread(request)
  try {
    return await request.formData()
  } catch {
    throw unreadableForm()
  }
}

/** A part over the upload handler's limit: the memory handler's MaxPartSizeExceededError. */
const isPartTooLarge = (error: unknown) =>
  error instanceof Error && /exceeded|MaxPartSize/i.test(`${error.name} ${error.message}`)

/**
 * A form that may carry a small file (the editor's pincode CSV, the schedule's e-mail list): a multipart
 * post is read into memory with `maxPartSize` per part ('too-large' past it), any other post as a plain
 * form. A body neither can read throws the 400 `unreadableForm()`.
 */
export async function readFormWithFile(
  request: Request,
  maxPartSize: number,
): Promise<FormData | 'too-large'> {
  if (!(request.headers.get('content-type') ?? '').toLowerCase().startsWith('multipart/form-data'))
    return readFormData(request)
  assertUnread(request)
  try {
    return await unstable_parseMultipartFormData(request, unstable_createMemoryUploadHandler({ maxPartSize }))
  } catch (error) {
    if (isPartTooLarge(error)) return 'too-large'
    throw unreadableForm()
  }
}
