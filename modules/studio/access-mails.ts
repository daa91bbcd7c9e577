/**
 * When an owner's subscription drops the Studio formula or ends, the linked
 * accounts lose their access (the entitlements read the owner's subscription
 * on every request) and the owner is told by e-mail; when a Studio
 * subscription comes back, they regain it and the owner is told again. The
 * mail is written in the billing mirror's transaction.
 */
import { userById } from '../accounts/index.ts'
import type { AccessChange } from '../billing/index.ts'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { activeLinkEmails } from './links.ts'

const m = it.studio.mail

/** The listener registered with billing (`onSubscriptionAccessChange`). */
export async function mailOnStudioAccessChange(change: AccessChange): Promise<void> {
  const hadStudio = change.before?.studio === true
  const hasStudio = change.after?.studio === true
  if (hadStudio === hasStudio) return
  const linked = await activeLinkEmails(change.client, change.userId)
  if (linked.length === 0) return
  const to = await userById(change.userId, change.client)
  if (!to) return
  const text = hasStudio ? m.restored : m.lost
  await enqueueMail(change.client, {
    to: to.email,
    template: 'notice',
    data: {
      subject: text.subject,
      title: text.title,
      name: to.name || undefined,
      paragraphs: [...text.paragraphs],
      details: [{ label: text.linkedLabel, value: linked.join(', ') }],
      button: hasStudio
        ? { label: m.restored.button, url: '/v2/profilo/gestionestudio' }
        : { label: m.lost.button, url: '/acquista' },
    },
    // One mail per change: a repeated delivery of the same event never reaches here (billing_events).
    dedupeKey: `studio-access:${change.userId}:${hasStudio ? 'restored' : 'lost'}:${Date.now()}`,
  })
}
