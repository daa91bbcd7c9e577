/**
 * `npm run oidc:mock -- [--port 4322]`: the local sign-in provider that stands
 * in for Google and Facebook (dev/oidc-emulator), on 127.0.0.1, for a
 * portal started separately (e.g. in production mode against a local
 * database, where the portal starts none itself). Prints the settings that
 * point the portal at it; each sign-in shows its consent page ('Fornitore di
 * prova'). `npm start` in embedded mode needs none of this: it starts its own.
 */
import { parseArgs } from 'node:util'
import { oidcEmulatorEnv, startOidcEmulator } from '../dev/oidc-emulator/index.ts'

const { values } = parseArgs({ options: { port: { type: 'string', default: '4322' } } })
const port = Number(values.port)
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`Porta non valida: ${values.port}`)
  process.exit(2)
}

const provider = await startOidcEmulator({ port })
console.log(`Fornitore di accesso di prova su ${provider.issuer}`)
console.log('Avvia il portale con:')
for (const [key, value] of Object.entries(oidcEmulatorEnv(provider.issuer))) console.log(`  ${key}=${value}`)

const stop = () => {
  provider.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
