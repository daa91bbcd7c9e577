/** `npm start`: builds what is missing, then runs the portal until SIGINT/SIGTERM. */
import { enableCompileCache } from 'node:module'
import { EnvError, getEnv, getLogger, startConfiguredPostgres } from '../modules/platform/index.ts'

// Compiled code of the large server dependencies is cached on disk: later starts skip most parsing.
enableCompileCache()

// The portal always runs its production build; React, Next and Payload read this at load time.
Object.assign(process.env, { NODE_ENV: process.env.NODE_ENV ?? 'production' })
process.env.ASTRO_TELEMETRY_DISABLED = '1'
process.env.NEXT_TELEMETRY_DISABLED = '1'

async function main() {
  let env
  try {
    env = getEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      process.exit(78)
    }
    throw error
  }
  const logger = getLogger()
  // Loaded after the settings are validated: the CMS configuration reads them at import.
  // The embedded Postgres starts while the build is checked and the server code loads.
  const database = startConfiguredPostgres()
  const { ensureBuilt } = await import('./build.ts')
  const serverModule = import('./server.ts')
  await ensureBuilt({ logger })
  const { startServer } = await serverModule
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
    lines.push(`  Dati            ${env.dataDir} (Postgres incorporato sulla porta ${env.embeddedPgPort})`)
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
