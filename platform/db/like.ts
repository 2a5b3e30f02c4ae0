/** `text` as a literal inside a LIKE/ILIKE pattern (backslash is PostgreSQL's default escape). */
export const likeLiteral = (text: string) => text.replace(/[\\%_]/g, '\\$&')
