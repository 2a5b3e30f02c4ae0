// Structured logs: one JSON object a line on stdout (errors on stderr).
type Fields = Record<string, unknown>

function write(level: 'debug' | 'info' | 'warn' | 'error', msg: string, fields?: Fields) {
  if (level === 'debug' && !process.env.DEBUG) return
  const line = JSON.stringify({ time: new Date().toISOString(), level, msg, ...fields })
  if (level === 'error' || level === 'warn') process.stderr.write(`${line}\n`)
  else if (process.env.LOG_LEVEL !== 'silent') process.stdout.write(`${line}\n`)
}

export const log = {
  debug: (msg: string, fields?: Fields) => write('debug', msg, fields),
  info: (msg: string, fields?: Fields) => write('info', msg, fields),
  warn: (msg: string, fields?: Fields) => write('warn', msg, fields),
  error: (msg: string, fields?: Fields) => write('error', msg, fields),
}
