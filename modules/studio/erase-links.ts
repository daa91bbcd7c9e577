/**
 * The Studio side of deleting an account. An owner's links (active or only
 * invited) are deleted: each linked account's sessions end (its access came
 * from the owner's subscription) and every address is told by mail; a
 * pending invitation's code stops working. An account that was itself linked
 * to a Studio, or invited to one, leaves it: the owner keeps the free slot.
 */
import { revokeAllSessions } from '../accounts/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { getLogger, inTransaction } from '../platform/index.ts'
import { getStudio } from './runtime.ts'

type RemovedLink = { id: string; email: string; linked_user_id: string | null; is_active: boolean }

/** What the deletion did to the Studio links: the addresses told, the links left as a secondary account. */
export type StudioErasure = { unlinkedSecondaries: string[]; leftStudios: number }

/**
 * Unlinks the Studio of a deleted account (owner `name` as the mails name it)
 * and the links where it was the secondary account (`email`: its address
 * before the deletion, for pending invitations).
 */
export async function eraseStudioLinks(options: {
  userId: string
  email: string
  ownerName: string
}): Promise<StudioErasure> {
  const { userId } = options
  const { pool } = await getStudio()
  const m = it.erasure.mail.studioUnlinked
  const { removed, left } = await inTransaction(pool, async (client) => {
    await client.query('select pg_advisory_xact_lock(hashtext($1))', [`studio:${userId}`])
    const owned = await client.query<RemovedLink>(
      'delete from studio_links where owner_user_id = $1 returning id, email, linked_user_id, is_active',
      [userId],
    )
    for (const link of owned.rows) {
      await enqueueMail(client, {
        to: link.email,
        template: 'notice',
        data: {
          subject: m.subject,
          title: m.title,
          preheader: m.preheader,
          paragraphs: m.paragraphs(options.ownerName),
          button: { label: m.button, url: '/acquista' },
        },
        dedupeKey: `studio-owner-erased:${link.id}`,
      })
    }
    const secondary = await client.query(
      'delete from studio_links where linked_user_id = $1 or email = lower($2)',
      [userId, options.email.trim()],
    )
    return { removed: owned.rows, left: secondary.rowCount ?? 0 }
  })
  for (const link of removed) {
    if (link.linked_user_id && link.is_active) await revokeAllSessions(link.linked_user_id)
  }
  getLogger().info(
    { module: 'studio', userId, unlinked: removed.length, left },
    'Studio di un account eliminato scollegato',
  )
  return { unlinkedSecondaries: removed.map((link) => link.email), leftStudios: left }
}
