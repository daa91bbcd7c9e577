/** Embedded mode: the demo CMS accounts (an administrator and an editor), created once. */
import type { Payload } from 'payload'
import type { Logger } from 'pino'

export const DEMO_CMS_PASSWORD = 'Demo2026!'
export const DEMO_ADMIN_EMAIL = 'admin@demo.local'
export const DEMO_EDITOR_EMAIL = 'redazione@demo.local'

async function ensureCmsUser(payload: Payload, email: string, name: string, roles: ('admin' | 'editor')[]) {
  const existing = await payload.find({
    collection: 'users',
    where: { email: { equals: email } },
    limit: 1,
    overrideAccess: true,
  })
  if (existing.docs.length > 0) return false
  await payload.create({
    collection: 'users',
    data: { email, name, roles, password: DEMO_CMS_PASSWORD },
    overrideAccess: true,
  })
  return true
}

/** Creates the demo administrator and editor where they do not exist yet. */
export async function ensureDemoCmsAccounts(payload: Payload, logger: Logger): Promise<void> {
  const createdAdmin = await ensureCmsUser(payload, DEMO_ADMIN_EMAIL, 'Amministratore demo', ['admin'])
  await ensureCmsUser(payload, DEMO_EDITOR_EMAIL, 'Redazione demo', ['editor'])
  if (createdAdmin) {
    logger.info(
      { admin: DEMO_ADMIN_EMAIL, editor: DEMO_EDITOR_EMAIL },
      `Account redazione demo creati (password ${DEMO_CMS_PASSWORD})`,
    )
  }
}
