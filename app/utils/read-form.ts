// What the console says about a post whose body could not be read as a form (decision 052). One sentence
// for both who answer it: the server's 415 for a body that is not a form at all (server/hardening.ts) and
// an action's 400 for a form body that is broken (read-form.server.ts), shown by the error page.
export const UNREADABLE_FORM_PAGE = 'This form could not be read. Go back and send it again.'
