/**
 * The portal's process: validates the settings, starts the embedded Postgres
 * when no database is configured, then the server, until SIGINT/SIGTERM.
 * `npm start` (scripts/start.ts) runs it from the build's bundle
 * (scripts/bundle-server.ts), with the site's server entry in the same graph.
 */
import { EnvError, getEnv, getLogger, settleEnv, startConfiguredPostgres } from '../modules/platform/index.ts'

async function main() {
  let env
  try {
    // Validated, with the embedded Postgres's port settled (recorded in DATA_DIR for every command).
    env = await settleEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(78)
    }
    throw error
  }
  const logger = getLogger()
  // The embedded Postgres starts while the server code loads, after the settings are validated:
  // the CMS configuration reads them at import.
  const database = startConfiguredPostgres()
  const { startServer } = await import('./server.ts')
  const server = await startServer({ database })
  const lines = [
    '',
    `  Portale         ${server.url}/`,
    `  Amministrazione ${server.url}/admin`,
    `  API             ${server.url}/api/v1  (documentazione: ${server.url}/api/docs)`,
    `  CMS API         ${server.url}/cms/api`,
  ]
  if (env.embedded) {
    lines.push(`  Posta di prova  ${server.url}/dev/posta`)
    if (env.testSignInIssuer)
      lines.push(
        `  Accesso social  Google e Facebook senza chiavi: fornitore di prova su ${env.testSignInIssuer}`,
      )
    // The port the database started on (another than the settled one when that was taken meanwhile).
    lines.push(
      `  Dati            ${env.dataDir} (Postgres incorporato sulla porta ${getEnv().embeddedPgPort})`,
    )
  }
  console.log(`${lines.join('\n')}\n`)

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    logger.info({ signal }, 'Arresto in corso')
    const timer = setTimeout(() => {
      logger.error('Arresto non completato entro 20 s: esco comunque')
      process.exit(1)
    }, 20_000)
    timer.unref()
    await server.close()
    logger.info('Arresto completato')
    process.exit(0)
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error)
  process.exit(1)
})
