/**
 * Demo subscribers of an embedded installation, one per kind of visitor, all
 * with the password `Demo2026!`. Billing and Studio management give the
 * subscribers their subscriptions and the Studio link.
 */
import type { Logger } from 'pino'
import {
  authTables,
  getAccounts,
  hashPassword,
  inTransaction,
  insertAccount,
  TRIAL_DAYS,
} from '../../modules/accounts/index.ts'

export const DEMO_PERSONA_PASSWORD = 'Demo2026!'

export type DemoPersona = {
  email: string
  firstName: string
  lastName: string
  profession: string
  accountType: 'trial' | 'standard'
  /** Trial state kept at every start: running (7 days from now) or ended (yesterday). */
  trial?: 'active' | 'expired'
  /** What the persona stands for (README table). */
  role: string
}

export const demoPersonas: readonly DemoPersona[] = [
  {
    email: 'prova@demo.local',
    firstName: 'Giulia',
    lastName: 'Bianchi',
    profession: 'professionista',
    accountType: 'trial',
    trial: 'active',
    role: 'prova gratuita in corso',
  },
  {
    email: 'scaduto@demo.local',
    firstName: 'Marco',
    lastName: 'Esposito',
    profession: 'azienda-hr',
    accountType: 'trial',
    trial: 'expired',
    role: 'prova gratuita terminata',
  },
  {
    email: 'premium@demo.local',
    firstName: 'Luca',
    lastName: 'Romano',
    profession: 'consulente-del-lavoro',
    accountType: 'standard',
    role: 'abbonato Premium',
  },
  {
    email: 'professional@demo.local',
    firstName: 'Sara',
    lastName: 'Colombo',
    profession: 'avvocato',
    accountType: 'standard',
    role: 'abbonata Professional',
  },
  {
    email: 'studio@demo.local',
    firstName: 'Anna',
    lastName: 'Rossi',
    profession: 'consulente-del-lavoro',
    accountType: 'standard',
    role: 'titolare di un abbonamento Professional Studio',
  },
  {
    email: 'collega@demo.local',
    firstName: 'Paolo',
    lastName: 'Ricci',
    profession: 'consulente-del-lavoro',
    accountType: 'standard',
    role: 'account secondario dello Studio di studio@demo.local',
  },
]

const DAY_MS = 24 * 60 * 60 * 1000

function trialEndFor(persona: DemoPersona, now: Date): Date | null {
  if (persona.trial === 'active') return new Date(now.getTime() + TRIAL_DAYS * DAY_MS)
  if (persona.trial === 'expired') return new Date(now.getTime() - DAY_MS)
  return null
}

/**
 * Creates the missing demo personas and keeps the trial ones in their state
 * (an active trial is renewed when fewer than two days are left; an expired
 * one stays expired). Returns the e-mails created.
 */
export async function ensureDemoPersonas(options: { logger?: Logger; now?: Date } = {}): Promise<string[]> {
  const now = options.now ?? new Date()
  const { pool } = await getAccounts()
  const passwordHash = await hashPassword(DEMO_PERSONA_PASSWORD)
  const created: string[] = []
  for (const persona of demoPersonas) {
    const trialEndsAt = trialEndFor(persona, now)
    const id = await inTransaction((client) =>
      insertAccount(client, {
        email: persona.email,
        firstName: persona.firstName,
        lastName: persona.lastName,
        profession: persona.profession,
        accountType: persona.accountType,
        trialEndsAt,
        emailVerified: true,
        passwordHash,
      }),
    )
    if (id) {
      created.push(persona.email)
      continue
    }
    if (persona.trial === 'active') {
      await pool.query(
        `update ${authTables.user} set trial_ends_at = $2, updated_at = now()
          where email = $1 and (trial_ends_at is null or trial_ends_at < $3)`,
        [persona.email, trialEndsAt, new Date(now.getTime() + 2 * DAY_MS)],
      )
    } else if (persona.trial === 'expired') {
      await pool.query(
        `update ${authTables.user} set trial_ends_at = $2, updated_at = now()
          where email = $1 and (trial_ends_at is null or trial_ends_at > $3)`,
        [persona.email, trialEndsAt, now],
      )
    }
  }
  if (created.length > 0) {
    options.logger?.info({ personas: created }, `Account demo creati (password ${DEMO_PERSONA_PASSWORD})`)
  }
  return created
}
