/**
 * The mailbox of the embedded catcher, served at `/dev/posta` (a page) and
 * `/dev/posta/messages.json` (the data) in embedded mode only.
 */
import { it } from '../../modules/i18n/index.ts'
import type { CaughtMessage } from './catcher.ts'
import { html, rawHtml } from '../../modules/platform/index.ts'
import type { OutboxOverview } from '../../modules/mail/index.ts'

const dateTime = new Intl.DateTimeFormat('it-IT', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  timeZone: 'Europe/Rome',
})

/** The messages as `/dev/posta/messages.json` serves them, newest first; `to` keeps those whose recipients contain it (case-insensitive). */
export function mailboxJson(messages: CaughtMessage[], filter: { to?: string } = {}): CaughtMessage[] {
  const wanted = filter.to?.trim().toLowerCase()
  return messages
    .filter((message) => !wanted || message.to.toLowerCase().includes(wanted))
    .map(({ to, from, subject, text, html: body, date }) => ({
      to,
      ...(from === undefined ? {} : { from }),
      subject,
      text,
      html: body,
      date,
    }))
}

const styles = `
:root { color-scheme: light; font-family: system-ui, -apple-system, "Segoe UI", Roboto, Arial, sans-serif; color: #17202b; background: #f6f8fa; }
body { margin: 0; }
header { background: #0b2547; color: #fff; padding: 20px 24px; }
header h1 { margin: 0; font-size: 22px; }
header p { margin: 6px 0 0; color: #c4d8f3; max-width: 70ch; }
main { max-width: 1100px; margin: 0 auto; padding: 20px 24px 48px; }
.bar { display: flex; gap: 16px; align-items: center; flex-wrap: wrap; margin-bottom: 16px; color: #4f5b69; }
.bar a { color: #1a56a8; font-weight: 600; }
.empty { padding: 32px; background: #fff; border: 1px solid #dfe4ea; border-radius: 8px; text-align: center; color: #4f5b69; }
details.message { background: #fff; border: 1px solid #dfe4ea; border-radius: 8px; margin-bottom: 10px; }
details.message > summary { cursor: pointer; padding: 12px 16px; display: grid; grid-template-columns: 1fr auto; gap: 2px 16px; list-style-position: outside; }
details.message[open] > summary { border-bottom: 1px solid #dfe4ea; }
.subject { font-weight: 600; }
.meta { color: #4f5b69; font-size: 14px; }
.date { color: #4f5b69; font-size: 14px; white-space: nowrap; text-align: right; }
.parts { padding: 16px; display: grid; gap: 16px; }
.parts h2 { font-size: 14px; text-transform: uppercase; letter-spacing: 0.05em; color: #4f5b69; margin: 0 0 8px; }
iframe { width: 100%; height: 640px; border: 1px solid #dfe4ea; border-radius: 6px; background: #fff; }
pre { margin: 0; padding: 12px; background: #f6f8fa; border: 1px solid #dfe4ea; border-radius: 6px; white-space: pre-wrap; word-break: break-word; font-size: 13px; line-height: 1.5; }
section.outbox { background: #fff8e8; border: 1px solid #fde9bf; border-radius: 8px; padding: 12px 16px; margin-bottom: 16px; }
section.outbox h2 { font-size: 16px; margin: 0 0 6px; }
section.outbox table { border-collapse: collapse; width: 100%; font-size: 14px; margin-top: 8px; }
.visually-hidden { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; }
section.outbox th, section.outbox td { text-align: left; padding: 6px 8px; border-top: 1px solid #fde9bf; vertical-align: top; }
`

/** The mail's own HTML for the iframe: links open in a new tab (the frame runs no scripts). */
function frameDocument(body: string): string {
  return `<base target="_blank">${body}`
}

function renderOutbox(outbox: OutboxOverview | undefined) {
  if (!outbox || (outbox.pending === 0 && outbox.failed === 0)) return ''
  const text = it.mail.mailbox
  return html`<section class="outbox" aria-labelledby="outbox-title">
<h2 id="outbox-title">${text.outbox}</h2>
<p>${[outbox.pending > 0 ? text.outboxPending(outbox.pending) : '', outbox.failed > 0 ? text.outboxFailed(outbox.failed) : ''].filter(Boolean).join(' · ')}</p>
${
  outbox.latestFailed.length > 0
    ? html`<table><thead><tr><th scope="col">${text.to}</th><th scope="col">${text.subject}</th><th scope="col">${text.attempts}</th><th scope="col">${text.lastError}</th></tr></thead><tbody>${outbox.latestFailed.map(
        (mail) =>
          html`<tr><td>${mail.recipient}</td><td>${mail.subject}</td><td>${mail.attempts}</td><td>${mail.lastError ?? ''}</td></tr>`,
      )}</tbody></table>`
    : ''
}
</section>`
}

/** The mailbox page: every message, newest first and the newest open, with its HTML in a sandboxed frame and its text. */
export function renderMailbox(messages: CaughtMessage[], outbox?: OutboxOverview): string {
  const text = it.mail.mailbox
  const list =
    messages.length === 0
      ? html`<p class="empty">${text.empty}</p>`
      : messages.map(
          (message, index) => html`<details class="message"${index === 0 ? rawHtml(' open') : ''}>
<summary><span class="subject">${message.subject || text.noSubject}</span><span class="date"><span class="visually-hidden">${text.receivedAt} </span>${dateTime.format(new Date(message.date))}</span><span class="meta">${text.to}: ${message.to}</span></summary>
<div class="parts">
<div><h2>${text.htmlVersion}</h2>${message.html ? html`<iframe title="${text.htmlVersion}: ${message.subject}" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${frameDocument(message.html)}" loading="lazy"></iframe>` : html`<p class="meta">—</p>`}</div>
<div><h2>${text.textVersion}</h2><pre>${message.text}</pre></div>
</div>
</details>`,
        )

  return html`<!DOCTYPE html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${text.title} · ${it.site.name}</title>
<style>${rawHtml(styles)}</style>
</head>
<body>
<header><h1>${text.title}</h1><p>${text.lead}</p></header>
<main>
${renderOutbox(outbox)}
<div class="bar"><span>${text.count(messages.length)}</span><a href="/dev/posta">${text.refresh}</a><a href="/dev/posta/messages.json">${text.json}</a></div>
${list}
</main>
</body>
</html>
`.value
}
