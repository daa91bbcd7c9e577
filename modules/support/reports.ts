/**
 * A support report from the help centre: stored in the `support-reports`
 * collection (visible to administrators in /admin), then mailed to the support
 * address through the outbox (deduplicated by the report's id).
 */
import type { Pool } from 'pg'
import { z } from 'zod'
import { it } from '../i18n/index.ts'
import { enqueueMail } from '../mail/index.ts'
import { getEnv } from '../platform/index.ts'
import { reportTypeLabels, reportTypes } from './types.ts'

const t = it.helpCentre.report

/** The body of POST /api/v1/user/invia-segnalazione (nome and email are taken from the session). */
export const reportBodySchema = z.object({
  nome: z.string().max(200).optional(),
  email: z.string().max(254).optional(),
  tipoRichiesta: z.enum(reportTypes, { message: t.typeInvalid }).default('assistenza_tecnica'),
  corpoRichiesta: z
    .string({ message: t.bodyRequired })
    .trim()
    .min(1, t.bodyRequired)
    .max(5000, t.bodyTooLong),
  altcha: z.string().max(20_000).optional(),
})
export type ReportBody = z.output<typeof reportBodySchema>

export type Reporter = { id: string; name: string; email: string }

/** Stores the report and enqueues the mail to support; returns the report's id. */
export async function submitSupportReport(options: {
  pool: Pool
  reporter: Reporter
  body: ReportBody
}): Promise<number> {
  const { getCms } = await import('../cms/index.ts')
  const payload = await getCms()
  const { reporter, body } = options
  const doc = await payload.create({
    collection: 'support-reports',
    data: {
      name: reporter.name || reporter.email,
      email: reporter.email,
      type: body.tipoRichiesta,
      body: body.corpoRichiesta,
      userId: reporter.id,
      status: 'new',
    },
    overrideAccess: true,
  })
  const subject = t.mailSubject(reportTypeLabels[body.tipoRichiesta], reporter.email)
  await enqueueMail(options.pool, {
    to: getEnv().SUPPORT_EMAIL,
    template: 'notice',
    dedupeKey: `support-report:${doc.id}`,
    data: {
      subject,
      title: t.mailTitle,
      paragraphs: body.corpoRichiesta
        .split(/\n\s*\n/)
        .map((part) => part.trim())
        .filter(Boolean),
      details: [
        { label: t.mailFrom, value: `${reporter.name} <${reporter.email}>` },
        { label: t.mailType, value: reportTypeLabels[body.tipoRichiesta] },
        { label: t.mailNumber, value: String(doc.id) },
      ],
      button: { label: t.mailOpen, url: `/admin/collections/support-reports/${doc.id}` },
    },
  })
  return doc.id
}

/**
 * Deleting an account: its help-centre reports (name, address, text) are
 * deleted, those sent signed in and those sent from its address. Returns how
 * many.
 */
export async function eraseSupportReports(account: { userId: string; email: string }): Promise<number> {
  const { getCms } = await import('../cms/index.ts')
  const payload = await getCms()
  const result = await payload.delete({
    collection: 'support-reports',
    where: {
      or: [{ userId: { equals: account.userId } }, { email: { equals: account.email.trim().toLowerCase() } }],
    },
    overrideAccess: true,
  })
  if (result.errors.length > 0) {
    throw new Error(`Segnalazioni non cancellate: ${result.errors.map((error) => error.message).join('; ')}`)
  }
  return result.docs.length
}
