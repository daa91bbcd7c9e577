/**
 * The Studio links: an owner invites up to two accounts by e-mail, each
 * invitation mails a single-use code valid 7 days, the invited account
 * activates the link (signing up or signing in), and the owner may remove a
 * link at any time, which ends the linked account's sessions at once.
 */
import { createHash, randomBytes } from 'node:crypto'
import type { PoolClient } from 'pg'
import { findAccountByEmail, revokeAllSessions, userById, type SignedInUser } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { AppError, getLogger, inTransaction } from '../platform/index.ts'
import { INVITE_PATH, INVITE_VALID_DAYS, STUDIO_LINK_LIMIT } from './constants.ts'
import { getStudio } from './runtime.ts'

const t = it.studio
const DAY_MS = 24 * 60 * 60 * 1000

/** A linked account as the owner sees it (§3: email, isActive). */
export type LinkedAccount = {
  email: string
  isActive: boolean
  invitedAt: string
  activatedAt: string | null
  /** When the pending invitation's code stops working (null once active). */
  inviteExpiresAt: string | null
}

type LinkRow = {
  id: string
  owner_user_id: string
  slot: number
  email: string
  linked_user_id: string | null
  is_active: boolean
  code_hash: string | null
  code_expires_at: Date | null
  invited_at: Date
  activated_at: Date | null
}

const iso = (value: Date | null) => (value ? value.toISOString() : null)

function linkedAccountOf(row: LinkRow): LinkedAccount {
  return {
    email: row.email,
    isActive: row.is_active,
    invitedAt: row.invited_at.toISOString(),
    activatedAt: iso(row.activated_at),
    inviteExpiresAt: row.is_active ? null : iso(row.code_expires_at),
  }
}

/** The SHA-256 of a code: only this is stored. */
export function codeHash(code: string): string {
  return createHash('sha256').update(code.trim()).digest('hex')
}

/** A new invitation code (24 random bytes, URL-safe). */
function newCode(): string {
  return randomBytes(24).toString('base64url')
}

/** The owner's linked accounts, in the order they were invited. */
export async function listLinks(ownerId: string): Promise<LinkedAccount[]> {
  const { pool } = await getStudio()
  const result = await pool.query<LinkRow>(
    'select * from studio_links where owner_user_id = $1 order by invited_at, slot',
    [ownerId],
  )
  return result.rows.map(linkedAccountOf)
}

/** Serialises the changes of one Studio (invitations and removals) for the transaction. */
async function lockStudio(client: PoolClient, ownerId: string) {
  await client.query('select pg_advisory_xact_lock(hashtext($1))', [`studio:${ownerId}`])
}

const isUniqueViolation = (error: unknown, constraint: string) =>
  (error as { code?: string; constraint?: string }).code === '23505' &&
  (error as { constraint?: string }).constraint === constraint

function inviteMail(options: { owner: SignedInUser; email: string; code: string; linkId: string }) {
  const m = t.mail.invite
  const ownerName = options.owner.name || options.owner.email
  return {
    to: options.email,
    template: 'notice' as const,
    data: {
      subject: m.subject,
      title: m.title,
      preheader: m.preheader,
      paragraphs: m.paragraphs(ownerName),
      details: [{ label: m.codeLabel, value: options.code }],
      button: { label: m.button, url: `${INVITE_PATH}/${options.code}` },
    },
    dedupeKey: `studio-invite:${options.linkId}:${codeHash(options.code).slice(0, 16)}`,
  }
}

/**
 * Invites `email` to the owner's Studio, or sends a pending invitation again
 * with a new code (the old one stops working). Refused with 409: the limit of
 * two linked accounts ('Hai raggiunto il limite massimo di account
 * collegabili.'), the owner's own address, an address already active in this
 * Studio or linked to another one (the invite-failure text).
 */
export async function inviteAccount(options: {
  owner: SignedInUser
  email: string
  now?: Date
}): Promise<LinkedAccount> {
  const { owner } = options
  const email = options.email.trim().toLowerCase()
  const now = options.now ?? new Date()
  const { pool, invitesByOwner } = await getStudio()
  if (email === owner.email.toLowerCase())
    throw new AppError('conflict', t.inviteFailed, { field: 'accountEmail' })
  await invitesByOwner.hit(owner.id, t.tooManyInvites)

  const code = newCode()
  const expiresAt = new Date(now.getTime() + INVITE_VALID_DAYS * DAY_MS)
  try {
    const row = await inTransaction(pool, async (client) => {
      await lockStudio(client, owner.id)
      const existing = await client.query<LinkRow>('select * from studio_links where email = $1', [email])
      const found = existing.rows[0]
      let link: LinkRow | undefined
      if (found) {
        // A pending invitation of this Studio is sent again; anything else is refused.
        if (found.owner_user_id !== owner.id || found.is_active) {
          throw new AppError('conflict', t.inviteFailed, { field: 'accountEmail' })
        }
        const updated = await client.query<LinkRow>(
          `update studio_links set code_hash = $2, code_expires_at = $3, invited_at = $4
            where id = $1 returning *`,
          [found.id, codeHash(code), expiresAt, now],
        )
        link = updated.rows[0]
      } else {
        const used = await client.query<{ slot: number }>(
          'select slot from studio_links where owner_user_id = $1',
          [owner.id],
        )
        const taken = new Set(used.rows.map((entry) => entry.slot))
        const slot = Array.from({ length: STUDIO_LINK_LIMIT }, (_, index) => index + 1).find(
          (candidate) => !taken.has(candidate),
        )
        if (slot === undefined) throw new AppError('conflict', t.limitReached, { field: 'accountEmail' })
        const inserted = await client.query<LinkRow>(
          `insert into studio_links (owner_user_id, slot, email, code_hash, code_expires_at, invited_at)
           values ($1, $2, $3, $4, $5, $6) returning *`,
          [owner.id, slot, email, codeHash(code), expiresAt, now],
        )
        link = inserted.rows[0]
      }
      if (!link) throw new Error('collegamento Studio non scritto')
      await enqueueMail(client, inviteMail({ owner, email, code, linkId: link.id }))
      return link
    })
    getLogger().info({ module: 'studio', ownerId: owner.id, linkId: row.id }, 'Invito Studio inviato')
    return linkedAccountOf(row)
  } catch (error) {
    // The constraints are the last word when two requests race past each other.
    if (isUniqueViolation(error, 'studio_links_owner_slot_key')) {
      throw new AppError('conflict', t.limitReached, { field: 'accountEmail' })
    }
    if (isUniqueViolation(error, 'studio_links_email_key')) {
      throw new AppError('conflict', t.inviteFailed, { field: 'accountEmail' })
    }
    throw error
  }
}

/**
 * Removes a linked account from the owner's Studio: the link is deleted and
 * the account's sessions end at once (its next session check gets 401). It
 * can be invited again.
 */
export async function unlinkAccount(options: { owner: SignedInUser; email: string }): Promise<void> {
  const email = options.email.trim().toLowerCase()
  const { pool } = await getStudio()
  const removed = await inTransaction(pool, async (client) => {
    await lockStudio(client, options.owner.id)
    const result = await client.query<LinkRow>(
      'delete from studio_links where owner_user_id = $1 and email = $2 returning *',
      [options.owner.id, email],
    )
    return result.rows[0]
  })
  if (!removed) throw new AppError('forbidden', t.notLinked)
  if (removed.linked_user_id && removed.is_active) await revokeAllSessions(removed.linked_user_id)
  getLogger().info(
    { module: 'studio', ownerId: options.owner.id, linkId: removed.id },
    'Account Studio rimosso',
  )
}

/** What a valid code names: the invited address and who invited it. */
export type PendingInvite = { email: string; ownerName: string; registered: boolean }

async function pendingLink(client: Pick<PoolClient, 'query'>, code: string, now: Date, lock = false) {
  const result = await client.query<LinkRow>(
    `select * from studio_links
      where code_hash = $1 and not is_active and code_expires_at > $2
      ${lock ? 'for update' : ''}`,
    [codeHash(code), now],
  )
  return result.rows[0]
}

/**
 * The invitation a code opens, or 404 'Il codice invito inserito non è
 * valido.' for an unknown, used or expired code. `ip` counts failures: after
 * 20 in 15 minutes the address is refused (429) until the window ends. Each
 * try is counted before the code is looked up (tries sent at once cannot all
 * pass) and a valid code gives its count back.
 */
export async function verifyInvite(code: string, ip: string, now = new Date()): Promise<PendingInvite> {
  const { pool, codeFailuresByIp } = await getStudio()
  await codeFailuresByIp.hit(ip, t.invitation.tooManyAttempts)
  const link = code.length <= 100 ? await pendingLink(pool, code, now) : undefined
  if (!link) throw new AppError('not_found', t.invitation.invalidCode)
  const [owner, account] = await Promise.all([userById(link.owner_user_id), findAccountByEmail(link.email)])
  if (!owner) throw new AppError('not_found', t.invitation.invalidCode)
  await codeFailuresByIp.giveBack(ip)
  return { email: link.email, ownerName: owner.name || owner.email, registered: account !== null }
}

/**
 * Activates the invitation for the signed-in account, whose address must be
 * the invited one (403 otherwise). The code is spent; the account reads with
 * the owner's plan from its next request.
 */
export async function activateInvite(options: {
  code: string
  user: SignedInUser
  ip: string
  now?: Date
}): Promise<void> {
  const now = options.now ?? new Date()
  const { pool, codeFailuresByIp } = await getStudio()
  // Counted as a wrong code before the code is looked up; a valid one (this account's or not) gives it back.
  await codeFailuresByIp.hit(options.ip, t.invitation.tooManyAttempts)
  const outcome = await inTransaction(pool, async (client) => {
    const link = await pendingLink(client, options.code, now, true)
    if (!link) return 'invalid' as const
    if (link.email !== options.user.email.toLowerCase()) return { wrongAccount: link.email }
    await client.query(
      `update studio_links set is_active = true, linked_user_id = $2, activated_at = $3,
              code_hash = null, code_expires_at = null
        where id = $1`,
      [link.id, options.user.id, now],
    )
    return 'activated' as const
  })
  if (outcome === 'invalid') throw new AppError('not_found', t.invitation.invalidCode)
  await codeFailuresByIp.giveBack(options.ip)
  if (typeof outcome === 'object')
    throw new AppError('forbidden', t.invitation.wrongAccount(outcome.wrongAccount))
  getLogger().info({ module: 'studio', userId: options.user.id }, 'Account Studio attivato')
}

/** The Studio owner of an active linked account (the billing's owner resolver), or null. */
export async function studioOwnerOf(user: { id: string }): Promise<{ userId: string; email: string } | null> {
  const { pool } = await getStudio()
  const result = await pool.query<{ owner_user_id: string }>(
    `select owner_user_id from studio_links
      where linked_user_id = $1 and is_active
      limit 1`,
    [user.id],
  )
  const ownerId = result.rows[0]?.owner_user_id
  const owner = ownerId ? await userById(ownerId, pool) : null
  return owner ? { userId: owner.id, email: owner.email } : null
}

/** The addresses of an owner's active links (the mails about the Studio's access). */
export async function activeLinkEmails(
  client: Pick<PoolClient, 'query'>,
  ownerId: string,
): Promise<string[]> {
  const result = await client.query<{ email: string }>(
    'select email from studio_links where owner_user_id = $1 and is_active order by slot',
    [ownerId],
  )
  return result.rows.map((row) => row.email)
}
