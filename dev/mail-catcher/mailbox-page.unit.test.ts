import { describe, expect, it } from 'vitest'
import type { CaughtMessage } from './catcher.ts'
import { mailboxJson, renderMailbox } from './mailbox-page.ts'

const newest: CaughtMessage = {
  to: 'mario.rossi@example.com',
  subject: 'Benvenuto in Banca Dati CCNL: le tue credenziali di accesso',
  text: 'Password: k3Tz9p2Q',
  html: '<p class="x">Password: <b>k3Tz9p2Q</b></p><script>parent.alert(1)</script>',
  date: '2026-11-22T09:15:30.000Z',
}
const older: CaughtMessage = {
  to: 'anna.bianchi@example.com',
  subject: 'Reimposta la password <subito>',
  text: 'Reimposta: https://portale.example.it/reimposta-password/?oobCode=1',
  html: '',
  date: '2026-11-21T08:00:00.000Z',
}

describe('mailboxJson', () => {
  it('serves to, subject, text, html and date of every message, in the order given', () => {
    expect(mailboxJson([newest, older])).toEqual([newest, older])
    expect(Object.keys(mailboxJson([newest])[0] ?? {})).toEqual(['to', 'subject', 'text', 'html', 'date'])
  })

  it('filters by recipient, ignoring case', () => {
    expect(mailboxJson([newest, older], { to: 'ANNA.bianchi@' })).toEqual([older])
    expect(mailboxJson([newest, older], { to: 'nessuno@example.com' })).toEqual([])
  })
})

describe('renderMailbox', () => {
  const page = renderMailbox([newest, older])

  it('is an Italian page listing every message, the newest open', () => {
    expect(page).toContain('<html lang="it">')
    expect(page).toContain('<h1>Posta di prova</h1>')
    expect(page).toContain('2 messaggi')
    expect(page).toContain('<details class="message" open>')
    expect(page.match(/<details class="message"/g)).toHaveLength(2)
    expect(page).toContain('22/11/2026, 10:15:30')
    expect(page).toContain('A: mario.rossi@example.com')
  })

  it('shows the HTML part inside a sandboxed frame, escaped into srcdoc, and the text part', () => {
    expect(page).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"')
    expect(page).toContain(
      'srcdoc="&lt;base target=&quot;_blank&quot;&gt;&lt;p class=&quot;x&quot;&gt;Password:',
    )
    expect(page).not.toContain('<script>')
    expect(page).toContain('<pre>Password: k3Tz9p2Q</pre>')
    expect(page).toContain('Reimposta la password &lt;subito&gt;')
  })

  it('says when the mailbox is empty', () => {
    const empty = renderMailbox([])
    expect(empty).toContain('Nessuna e-mail ricevuta finora.')
    expect(empty).toContain('0 messaggi')
  })

  it('shows mails waiting in the outbox and those given up on', () => {
    const withOutbox = renderMailbox([], {
      pending: 2,
      failed: 1,
      latestFailed: [
        {
          id: 7,
          recipient: 'x@example.com',
          template: 'welcome',
          subject: 'Benvenuto',
          attempts: 15,
          lastError: 'connect ECONNREFUSED 127.0.0.1:2525',
          createdAt: new Date(),
          updatedAt: new Date(),
        },
      ],
    })
    expect(withOutbox).toContain('2 e-mail in attesa di invio · 1 e-mail non recapitata')
    expect(withOutbox).toContain('<td>connect ECONNREFUSED 127.0.0.1:2525</td>')
    expect(renderMailbox([], { pending: 0, failed: 0, latestFailed: [] })).not.toContain('Coda di invio')
  })
})
