/** The billing mails: the subscription confirmation and the not-eligible notice, through the mail outbox. */
import { it } from '../i18n/index.ts'
import type { MailRequest } from '../mail/index.ts'

/** The confirmation of a new subscription; its dedupe key makes it one mail per subscription, whoever asks. */
export function subscriptionMail(input: {
  email: string
  name: string
  product_name: string | null
  subscriptionId: string
}): MailRequest {
  const t = it.billing.mail.subscription
  return {
    to: input.email,
    template: 'notice',
    data: {
      subject: t.subject,
      title: t.title,
      name: input.name || undefined,
      paragraphs: [...t.paragraphs(input.product_name ?? 'Banca Dati CCNL')],
      button: { label: t.button, url: '/profilo' },
    },
    dedupeKey: `subscription:${input.subscriptionId}`,
  }
}

export type NotEligibleDetails = {
  nome: string
  ragioneSociale?: string
  citta?: string
  cap?: string
  provincia?: string
  indirizzo?: string
  telefono?: string
  codiceFiscale?: string
  professione?: string
  codiceUnivoco?: string
  pec?: string
}

/** The not-eligible notice to the account that asked, with the data it entered; once a day per account. */
export function notEligibleMail(input: {
  userId: string
  email: string
  name: string
  details: NotEligibleDetails
  day: string
}): MailRequest {
  const t = it.billing.mail.notEligible
  const details = (Object.keys(t.labels) as (keyof typeof t.labels)[])
    .map((key) => ({
      label: t.labels[key],
      value: key === 'email' ? input.email : (input.details[key as keyof NotEligibleDetails] ?? ''),
    }))
    .filter((row) => row.value.trim() !== '')
  return {
    to: input.email,
    template: 'notice',
    data: {
      subject: t.subject,
      title: t.title,
      name: input.name || undefined,
      paragraphs: [...t.paragraphs],
      details,
    },
    dedupeKey: `not-eligible:${input.userId}:${input.day}`,
  }
}
