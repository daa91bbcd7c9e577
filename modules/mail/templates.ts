/**
 * The mail templates: each parses its data with its schema and renders the
 * subject, the HTML and the plain text on the base layout, in Italian.
 */
import type { z } from 'zod'
import { formatDate, it } from '../i18n/index.ts'
import { renderLayout, type Block, type RenderContext, type RenderedMail } from './layout.ts'
import {
  addressConfirmationData,
  composedData,
  emailChangedData,
  noticeData,
  passwordResetData,
  welcomeData,
} from './schemas.ts'

const time = new Intl.DateTimeFormat('it-IT', { hour: '2-digit', minute: '2-digit', timeZone: 'Europe/Rome' })

/** '30 minuti', '1 ora', '24 ore', '7 giorni'. */
export function formatDuration(minutes: number): string {
  const { durations } = it.mail
  if (minutes % (60 * 24) === 0 && minutes > 60 * 48) return durations.days(minutes / (60 * 24))
  if (minutes % 60 === 0) return durations.hours(minutes / 60)
  return durations.minutes(minutes)
}

function welcome(data: z.output<typeof welcomeData>, context: RenderContext): RenderedMail {
  const text = it.mail.welcome
  const blocks: Block[] = [
    { kind: 'paragraph', text: text.intro },
    {
      kind: 'details',
      rows: [
        { label: text.emailLabel, value: data.email },
        { label: text.passwordLabel, value: data.password, strong: true },
      ],
    },
  ]
  if (data.confirmUrl) {
    blocks.push(
      { kind: 'paragraph', text: text.confirm },
      { kind: 'button', label: text.confirmButton, url: data.confirmUrl },
    )
    if (data.confirmValidForMinutes) {
      blocks.push({ kind: 'note', text: text.confirmValidity(formatDuration(data.confirmValidForMinutes)) })
    }
  } else {
    blocks.push({ kind: 'button', label: text.button, url: data.loginUrl })
  }
  blocks.push({ kind: 'note', text: text.changePassword })
  return renderLayout(
    { subject: text.subject, title: text.title, preheader: text.preheader, name: data.name, blocks },
    context,
  )
}

function addressConfirmation(
  data: z.output<typeof addressConfirmationData>,
  context: RenderContext,
): RenderedMail {
  const text = it.mail.addressConfirmation
  return renderLayout(
    {
      subject: text.subject,
      title: text.title,
      preheader: text.preheader,
      ...(data.name ? { name: data.name } : {}),
      blocks: [
        { kind: 'paragraph', text: text.intro(data.email) },
        { kind: 'button', label: text.button, url: data.confirmUrl },
        { kind: 'note', text: text.validity(formatDuration(data.validForMinutes)) },
        { kind: 'note', text: text.ignore },
      ],
    },
    context,
  )
}

function passwordReset(data: z.output<typeof passwordResetData>, context: RenderContext): RenderedMail {
  const text = it.mail.passwordReset
  return renderLayout(
    {
      subject: text.subject,
      title: text.title,
      preheader: text.preheader,
      name: data.name,
      blocks: [
        { kind: 'paragraph', text: text.intro(data.email) },
        { kind: 'button', label: text.button, url: data.resetUrl },
        { kind: 'note', text: text.validity(formatDuration(data.validForMinutes)) },
        { kind: 'note', text: text.ignore },
      ],
    },
    context,
  )
}

function emailChanged(data: z.output<typeof emailChangedData>, context: RenderContext): RenderedMail {
  const text = it.mail.emailChanged
  const blocks: Block[] = [
    { kind: 'paragraph', text: text.intro(formatDate(data.changedAt), time.format(data.changedAt)) },
    {
      kind: 'details',
      rows: [
        { label: text.previousLabel, value: data.previousEmail },
        { label: text.newLabel, value: data.newEmail },
      ],
    },
    { kind: 'paragraph', text: text.ifYou },
    { kind: 'paragraph', text: text.ifNotYou },
    { kind: 'button', label: text.button, url: data.undoUrl },
  ]
  if (data.undoValidForMinutes) {
    blocks.push({ kind: 'note', text: text.validity(formatDuration(data.undoValidForMinutes)) })
  }
  return renderLayout(
    { subject: text.subject, title: text.title, preheader: text.preheader, name: data.name, blocks },
    context,
  )
}

function notice(data: z.output<typeof noticeData>, context: RenderContext): RenderedMail {
  const blocks: Block[] = data.paragraphs.map((paragraph) => ({ kind: 'paragraph', text: paragraph }))
  if (data.details?.length) blocks.push({ kind: 'details', rows: data.details })
  if (data.items?.length) blocks.push({ kind: 'items', items: data.items })
  if (data.button) blocks.push({ kind: 'button', label: data.button.label, url: data.button.url })
  for (const paragraph of data.closing ?? []) blocks.push({ kind: 'note', text: paragraph })
  return renderLayout(
    {
      subject: data.subject,
      title: data.title,
      ...(data.preheader ? { preheader: data.preheader } : {}),
      ...(data.name ? { name: data.name } : {}),
      blocks,
      ...(data.unsubscribeUrl ? { unsubscribeUrl: data.unsubscribeUrl } : {}),
    },
    context,
  )
}

/** A mail composed by the CMS, sent as it is (its subject on one line). */
function composed(data: z.output<typeof composedData>): RenderedMail {
  return {
    subject: data.subject.replace(/\s+/g, ' ').trim(),
    html: data.html,
    ...(data.text ? { text: data.text } : {}),
  }
}

type Template<S extends z.ZodType> = {
  schema: S
  render: (data: z.output<S>, context: RenderContext) => RenderedMail
}

function template<S extends z.ZodType>(
  schema: S,
  render: (data: z.output<S>, context: RenderContext) => RenderedMail,
): Template<S> {
  return { schema, render }
}

/** Every template by name: its data schema and its renderer. */
export const mailTemplates = {
  welcome: template(welcomeData, welcome),
  passwordReset: template(passwordResetData, passwordReset),
  emailChanged: template(emailChangedData, emailChanged),
  addressConfirmation: template(addressConfirmationData, addressConfirmation),
  notice: template(noticeData, notice),
  composed: template(composedData, composed),
}

export type MailTemplateName = keyof typeof mailTemplates

/** The data a template takes (before parsing: dates may be Date or ISO strings). */
export type MailTemplateData<N extends MailTemplateName> = z.input<(typeof mailTemplates)[N]['schema']>

/** True for a known template name. */
export function isMailTemplateName(name: string): name is MailTemplateName {
  return Object.hasOwn(mailTemplates, name)
}

/** A template's data that does not match its schema. */
export class MailDataError extends Error {
  constructor(template: string, reason: string) {
    super(it.mail.invalidData(template, reason))
    this.name = 'MailDataError'
  }
}

/** The template's data checked against its schema (defaults applied); throws MailDataError for an unknown template or bad data. */
export function parseMailData(name: string, data: unknown): unknown {
  if (!isMailTemplateName(name)) throw new MailDataError(name, 'modello sconosciuto')
  const parsed = mailTemplates[name].schema.safeParse(data)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new MailDataError(name, `${issue?.path.join('.') || 'dati'}: ${issue?.message ?? ''}`)
  }
  return parsed.data
}

/** Parses the data and renders the mail; throws MailDataError for an unknown template or bad data. */
export function renderMail(name: string, data: unknown, context: RenderContext): RenderedMail {
  const parsed = parseMailData(name, data)
  const { render } = mailTemplates[name as MailTemplateName] as Template<z.ZodType>
  return render(parsed, context)
}
