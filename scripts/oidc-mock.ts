/**
 * `npm run oidc:mock -- [--port 4322]`: a local sign-in provider standing in
 * for Google and Facebook (tests/oidc-mock.ts). Prints the settings that point
 * the portal at it; every sign-in is approved at once with the identity set by
 * `POST /__identity` ({ "email", "name", "givenName", "familyName" }).
 */
import { parseArgs } from 'node:util'
import { startOidcMock } from '../tests/oidc-mock.ts'

const { values } = parseArgs({
  options: { port: { type: 'string', default: '4322' }, host: { type: 'string', default: '127.0.0.1' } },
})
const port = Number(values.port)
if (!Number.isInteger(port) || port < 1 || port > 65535) {
  console.error(`Porta non valida: ${values.port}`)
  process.exit(2)
}

const mock = await startOidcMock({ port, host: values.host })
console.log(`Fornitore di accesso di prova su ${mock.issuer}`)
console.log('Avvia il portale con:')
for (const [key, value] of Object.entries(mock.env)) console.log(`  ${key}=${value}`)

const stop = () => {
  mock.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  )
}
process.once('SIGINT', stop)
process.once('SIGTERM', stop)
