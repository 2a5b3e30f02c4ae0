// `remix build`, ending the esbuild services it started before the process exits (decision 020).
// Remix's CLI calls process.exit() with its esbuild service processes (its own esbuild, and the one
// vanilla-extract's Vite uses) still running `--ping`; a service whose ping is in flight when its
// stdin closes dies with "fatal error: all goroutines are asleep - deadlock!" and a Go stack, which
// `npm start` printed on a loaded machine. Here the services are stopped first, so nothing is left
// to deadlock.
const childProcess = require('node:child_process')

const services = new Set()
const spawn = childProcess.spawn
childProcess.spawn = function spawnAndRemember(...args) {
  const child = spawn.apply(this, args)
  services.add(child)
  return child
}

function finish(code) {
  for (const child of services) if (child.exitCode === null && child.signalCode === null) child.kill()
  process.exit(code)
}

require('@remix-run/dev')
  .cli.run(['build', ...process.argv.slice(2)])
  .then(
    () => finish(0),
    (error) => {
      if (error) console.error(error)
      finish(1)
    },
  )
