/**
 * The data of each mail template. The outbox stores it as JSON and the sender
 * parses it again with the same schema, so a row written by an older release
 * or by hand is checked before it is rendered.
 */
import { z } from 'zod'

const text = z.string().trim().min(1).max(2000)
const shortText = z.string().trim().min(1).max(300)

/** An absolute http(s) URL, or a path of the portal ('/accedi') resolved against its public URL. */
export const mailLink = z
  .string()
  .trim()
  .refine(
    (value) => (/^https?:\/\//i.test(value) ? URL.canParse(value) : /^\/(?!\/)/.test(value)),
    'deve essere un indirizzo http(s) o un percorso che inizia con /',
  )

/** A recipient address. */
export const mailAddress = z.email().max(254)

const instant = z
  .union([z.date(), z.iso.datetime({ offset: true })])
  .transform((value) => (value instanceof Date ? value : new Date(value)))

const minutes = z
  .number()
  .int()
  .positive()
  .max(60 * 24 * 90)

/** Welcome mail with the generated password (sign-up by e-mail). */
export const welcomeData = z.object({
  name: shortText,
  email: mailAddress,
  password: z.string().min(1).max(100),
  loginUrl: mailLink.default('/accedi'),
  /** The link that confirms the address (accounts created by e-mail start unconfirmed), and how long it works. */
  confirmUrl: mailLink.optional(),
  confirmValidForMinutes: minutes.optional(),
})

/** The link that confirms an account's address: a resent confirmation, or the new address after an e-mail change. */
export const addressConfirmationData = z.object({
  name: shortText.optional(),
  email: mailAddress,
  confirmUrl: mailLink,
  validForMinutes: minutes,
})

/** Password reset link. */
export const passwordResetData = z.object({
  name: shortText.optional(),
  email: mailAddress,
  resetUrl: mailLink,
  validForMinutes: minutes,
})

/** Sent to the previous address after an e-mail change, with the link that undoes it. */
export const emailChangedData = z.object({
  name: shortText.optional(),
  previousEmail: mailAddress,
  newEmail: mailAddress,
  changedAt: instant,
  undoUrl: mailLink,
  undoValidForMinutes: minutes.optional(),
})

/**
 * A generic notice on the base layout: title, paragraphs, an optional table of
 * details, an optional list of items (digests), an optional button. Later mails
 * (subscription, not eligible, Studio invitation, trial reminders, digests) are notices.
 */
export const noticeData = z.object({
  subject: shortText,
  title: shortText,
  preheader: shortText.optional(),
  name: shortText.optional(),
  paragraphs: z.array(text).min(1).max(20),
  details: z
    .array(z.object({ label: shortText, value: z.string().trim().max(1000) }))
    .max(40)
    .optional(),
  items: z
    .array(
      z.object({
        title: shortText,
        url: mailLink.optional(),
        meta: shortText.optional(),
        text: text.optional(),
      }),
    )
    .max(100)
    .optional(),
  button: z.object({ label: shortText, url: mailLink }).optional(),
  closing: z.array(text).max(10).optional(),
  /** Page where the recipient turns this kind of mail off (digests): shown in the footer and sent as List-Unsubscribe. */
  unsubscribeUrl: mailLink.optional(),
})

/**
 * A mail composed elsewhere, by the CMS (Payload's own mails, such as an
 * editor's password reset): its subject and parts as composed there, sent as
 * they are. Only server code writes these rows (the outbox transport of the
 * CMS's mail adapter), never a request's input.
 */
export const composedData = z.object({
  subject: shortText,
  html: z.string().min(1).max(500_000),
  text: z.string().min(1).max(500_000).optional(),
})

export type WelcomeData = z.input<typeof welcomeData>
export type PasswordResetData = z.input<typeof passwordResetData>
export type EmailChangedData = z.input<typeof emailChangedData>
export type AddressConfirmationData = z.input<typeof addressConfirmationData>
export type NoticeData = z.input<typeof noticeData>
export type ComposedData = z.input<typeof composedData>
