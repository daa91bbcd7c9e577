/**
 * Embedded mode, Google or Facebook without keys: the local OpenID provider
 * that plays them ('Fornitore di prova', its consent page), on 127.0.0.1 at
 * EMBEDDED_OIDC_PORT, serving only this portal's callback addresses (the list
 * comes from the accounts module's settings).
 */
import type { Logger } from 'pino'
import { testSignInProvider } from '../modules/accounts/index.ts'
import { trustedOrigins, type Env } from '../modules/platform/index.ts'
import { startOidcEmulator, type OidcEmulator } from './oidc-emulator/index.ts'

export async function startTestSignIn(env: Env, logger: Logger): Promise<OidcEmulator | undefined> {
  const provider = testSignInProvider(env, trustedOrigins(env))
  if (!provider) return undefined
  const port = Number(new URL(provider.issuer).port)
  const emulator = await startOidcEmulator({ port, clients: provider.clients }).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code !== 'EADDRINUSE') throw error
    throw new Error(
      `La porta ${port} del fornitore di accesso di prova è occupata: indica un'altra porta con EMBEDDED_OIDC_PORT`,
      { cause: error },
    )
  })
  logger.info(
    { issuer: emulator.issuer, providers: provider.clients.map((client) => client.name) },
    'Accesso con Google e Facebook tramite il fornitore di prova locale',
  )
  return emulator
}
