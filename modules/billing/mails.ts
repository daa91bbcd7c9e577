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

/**
 * The not-eligible request as sales reads it: who to call back, for which
 * plan and why it could not be bought online; once a day per account.
 */
export function salesRequestMail(input: {
  to: string
  userId: string
  email: string
  name: string
  plan: string | undefined
  reason: string
  details: NotEligibleDetails
  day: string
}): MailRequest {
  const t = it.billing.mail.salesRequest
  const { details } = input
  const address = [details.indirizzo, details.cap, details.citta, details.provincia]
    .filter((part) => part?.trim())
    .join(', ')
  const rows: [string, string | undefined][] = [
    [t.labels.name, input.name],
    [t.labels.company, details.ragioneSociale ?? details.nome],
    [t.labels.email, input.email],
    [t.labels.phone, details.telefono],
    [t.labels.plan, input.plan ?? t.noPlan],
    [t.labels.reason, input.reason],
    [t.labels.address, address],
    [t.labels.taxId, details.codiceFiscale],
    [t.labels.pec, details.pec],
    [t.labels.uniqueCode, details.codiceUnivoco],
  ]
  const subject = t.subject(details.ragioneSociale ?? (input.name || input.email), input.plan ?? t.noPlan)
  return {
    to: input.to,
    template: 'notice',
    data: {
      subject,
      title: t.title,
      paragraphs: [t.intro],
      details: rows
        .filter((row): row is [string, string] => Boolean(row[1]?.trim()))
        .map(([label, value]) => ({ label, value })),
      closing: [t.replyTo(input.email)],
    },
    dedupeKey: `sales:not-eligible:${input.userId}:${input.day}`,
  }
}
