/**
 * The base layout every mail shares: brand header, title, body blocks, footer
 * with the company details and the service notice. HTML with inline styles and
 * tables (what mail clients render reliably) and a plain-text twin.
 */
import { it } from '../i18n/index.ts'
import { html, type SafeHtml } from '../platform/index.ts'

/** What a template renders: the subject and both parts of the message. */
export type RenderedMail = {
  subject: string
  html: string
  /** The plain-text part; absent only for a mail composed by the CMS with HTML alone. */
  text?: string
  /** Sent as the List-Unsubscribe header when present. */
  listUnsubscribe?: string
}

/** Where the mail is rendered from: the portal's public base URL (for relative links and the footer). */
export type RenderContext = { publicUrl: string }

/** One block of the body, rendered into both parts. */
export type Block =
  | { kind: 'paragraph'; text: string }
  | { kind: 'details'; rows: { label: string; value: string; strong?: boolean }[] }
  | { kind: 'items'; items: { title: string; url?: string; meta?: string; text?: string }[] }
  | { kind: 'button'; label: string; url: string }
  | { kind: 'note'; text: string }

export type LayoutInput = {
  subject: string
  title: string
  preheader?: string
  /** The recipient's name for the greeting; 'Gentile utente,' without it. */
  name?: string
  blocks: Block[]
  unsubscribeUrl?: string
}

const colors = {
  page: '#f6f8fa',
  card: '#ffffff',
  border: '#dfe4ea',
  brand: '#0b2547',
  brandAccent: '#8fb3e6',
  button: '#1a56a8',
  text: '#17202b',
  muted: '#4f5b69',
  soft: '#f2f7fd',
}

const font = 'font-family:Helvetica,Arial,sans-serif;'

/** A link of the portal made absolute against its public URL. */
export function absoluteUrl(link: string, context: RenderContext): string {
  return new URL(link, `${context.publicUrl}/`).href
}

function renderBlockHtml(block: Block, context: RenderContext): SafeHtml {
  switch (block.kind) {
    case 'paragraph':
      return html`<p style="${font}margin:0 0 16px;font-size:16px;line-height:24px;color:${colors.text};">${block.text}</p>`
    case 'note':
      return html`<p style="${font}margin:0 0 16px;font-size:14px;line-height:21px;color:${colors.muted};">${block.text}</p>`
    case 'details':
      return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 20px;background:${colors.soft};border:1px solid ${colors.border};border-radius:6px;">${block.rows.map(
        (row) =>
          html`<tr><td style="${font}padding:10px 14px;font-size:14px;line-height:20px;color:${colors.muted};width:40%;vertical-align:top;border-bottom:1px solid ${colors.border};">${row.label}</td><td style="${font}padding:10px 14px;font-size:15px;line-height:20px;color:${colors.text};vertical-align:top;border-bottom:1px solid ${colors.border};word-break:break-word;${row.strong ? 'font-weight:bold;font-family:Consolas,Menlo,monospace;letter-spacing:1px;' : ''}">${row.value}</td></tr>`,
      )}</table>`
    case 'items':
      return html`<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="border-collapse:collapse;margin:0 0 20px;">${block.items.map(
        (item) =>
          html`<tr><td style="${font}padding:12px 0;border-top:1px solid ${colors.border};">${item.meta ? html`<div style="font-size:12px;line-height:18px;color:${colors.muted};text-transform:uppercase;letter-spacing:0.5px;">${item.meta}</div>` : ''}<div style="font-size:16px;line-height:22px;font-weight:bold;color:${colors.text};">${item.url ? html`<a href="${absoluteUrl(item.url, context)}" style="color:${colors.button};text-decoration:none;">${item.title}</a>` : item.title}</div>${item.text ? html`<div style="font-size:14px;line-height:21px;color:${colors.muted};margin-top:4px;white-space:pre-line;">${item.text}</div>` : ''}</td></tr>`,
      )}</table>`
    case 'button': {
      const url = absoluteUrl(block.url, context)
      return html`<table role="presentation" cellpadding="0" cellspacing="0" style="margin:8px 0 24px;"><tr><td style="background:${colors.button};border-radius:6px;"><a href="${url}" style="${font}display:inline-block;padding:13px 26px;font-size:16px;font-weight:bold;color:#ffffff;text-decoration:none;border-radius:6px;">${block.label}</a></td></tr></table><p style="${font}margin:0 0 20px;font-size:13px;line-height:19px;color:${colors.muted};">${it.mail.linkFallback}<br><a href="${url}" style="color:${colors.button};word-break:break-all;">${url}</a></p>`
    }
  }
}

function renderBlockText(block: Block, context: RenderContext): string {
  switch (block.kind) {
    case 'paragraph':
    case 'note':
      return block.text
    case 'details':
      return block.rows.map((row) => `${row.label}: ${row.value}`).join('\n')
    case 'items':
      return block.items
        .map((item) =>
          [item.meta, item.title, item.text, item.url ? absoluteUrl(item.url, context) : undefined]
            .filter((line): line is string => Boolean(line))
            .join('\n'),
        )
        .join('\n\n')
    case 'button':
      return `${block.label}:\n${absoluteUrl(block.url, context)}`
  }
}

/** Renders a mail on the base layout. */
export function renderLayout(input: LayoutInput, context: RenderContext): RenderedMail {
  const site = it.site
  const home = `${context.publicUrl}/`
  const help = absoluteUrl('/assistenza', context)
  const privacy = absoluteUrl('/privacy-policy', context)
  const unsubscribe = input.unsubscribeUrl ? absoluteUrl(input.unsubscribeUrl, context) : undefined
  const greeting = input.name ? it.mail.greeting(input.name) : it.mail.greetingAnonymous
  const cut = site.name.lastIndexOf(' ')

  const body = html`<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light">
<title>${input.subject}</title>
</head>
<body style="margin:0;padding:0;background:${colors.page};">
${input.preheader ? html`<div style="display:none;max-height:0;overflow:hidden;opacity:0;color:transparent;">${input.preheader}</div>` : ''}
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:${colors.page};">
<tr><td align="center" style="padding:24px 12px;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:600px;border-collapse:separate;">
<tr><td style="background:${colors.brand};border-radius:8px 8px 0 0;padding:20px 28px;">
<a href="${home}" style="${font}font-size:22px;font-weight:bold;color:#ffffff;text-decoration:none;">${site.name.slice(0, cut)} <span style="color:${colors.brandAccent};">${site.name.slice(cut + 1)}</span></a>
<div style="${font}font-size:13px;line-height:18px;color:${colors.brandAccent};margin-top:4px;">${it.mail.tagline}</div>
</td></tr>
<tr><td style="background:${colors.card};border:1px solid ${colors.border};border-top:0;border-radius:0 0 8px 8px;padding:32px 28px 12px;">
<h1 style="${font}margin:0 0 20px;font-size:24px;line-height:30px;color:${colors.brand};">${input.title}</h1>
<p style="${font}margin:0 0 16px;font-size:16px;line-height:24px;color:${colors.text};">${greeting}</p>
${input.blocks.map((block) => renderBlockHtml(block, context))}
<p style="${font}margin:8px 0 20px;font-size:16px;line-height:24px;color:${colors.text};">${it.mail.signature}</p>
</td></tr>
<tr><td style="${font}padding:20px 28px;font-size:12px;line-height:18px;color:${colors.muted};">
<p style="margin:0 0 8px;">${it.mail.footerService}</p>
<p style="margin:0 0 8px;">${it.mail.footerHelp} <a href="${help}" style="color:${colors.muted};">${help}</a></p>
${unsubscribe ? html`<p style="margin:0 0 8px;">${it.mail.footerUnsubscribe} <a href="${unsubscribe}" style="color:${colors.muted};">${it.mail.unsubscribe}</a></p>` : ''}
<p style="margin:0 0 8px;">${site.company} · ${site.companyDetails} · <a href="${privacy}" style="color:${colors.muted};">${it.mail.privacy}</a></p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`

  const text = [
    site.name.toUpperCase(),
    '',
    input.title,
    '',
    greeting,
    '',
    ...input.blocks.flatMap((block) => [renderBlockText(block, context), '']),
    it.mail.signature,
    '',
    '-- ',
    it.mail.footerService,
    `${it.mail.footerHelp} ${help}`,
    ...(unsubscribe ? [`${it.mail.footerUnsubscribe} ${it.mail.unsubscribe}: ${unsubscribe}`] : []),
    `${site.company} · ${site.companyDetails}`,
    `${it.mail.privacy}: ${privacy}`,
    '',
  ].join('\n')

  return {
    // One line: a line break in a header would start a new header.
    subject: input.subject.replace(/\s+/g, ' ').trim(),
    html: body.value,
    text,
    ...(unsubscribe ? { listUnsubscribe: unsubscribe } : {}),
  }
}
