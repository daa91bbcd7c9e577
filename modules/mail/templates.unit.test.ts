import { describe, expect, it } from 'vitest'
import { escapeHtml, html } from '../platform/index.ts'
import { formatDuration, MailDataError, renderMail } from './templates.ts'

const context = { publicUrl: 'https://portale.example.it' }
const hostile = `Mario "<script>alert('x')</script>" & Figli`

describe('address confirmation', () => {
  it('puts the confirmation link first in the welcome mail of an unconfirmed address, with its validity', () => {
    const mail = renderMail(
      'welcome',
      {
        name: 'Mario Rossi',
        email: 'mario.rossi@example.com',
        password: 'k3Tz9p2Q',
        confirmUrl: '/conferma-email?token=abc',
        confirmValidForMinutes: 7 * 24 * 60,
      },
      context,
    )
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('https://portale.example.it/conferma-email?token=abc')
      expect(part).toContain('k3Tz9p2Q')
    }
    expect(mail.html).toContain('>Conferma il tuo indirizzo e-mail</a>')
    expect(mail.html).not.toContain('>Accedi alla Banca Dati</a>')
    expect(mail.text).toContain('Il collegamento di conferma è valido per 7 giorni')
  })

  it('sends a new link on its own', () => {
    const mail = renderMail(
      'addressConfirmation',
      { email: 'mario@example.com', confirmUrl: '/conferma-email?token=xyz', validForMinutes: 10080 },
      context,
    )
    expect(mail.subject).toBe('Conferma il tuo indirizzo e-mail')
    expect(mail.text).toContain("per confermare che l'indirizzo mario@example.com è tuo")
    expect(mail.text).toContain('https://portale.example.it/conferma-email?token=xyz')
    expect(mail.text).toContain('Gentile utente,')
  })
})

describe('welcome', () => {
  const mail = renderMail(
    'welcome',
    { name: 'Mario Rossi', email: 'mario.rossi@example.com', password: 'k3Tz9p2Q' },
    context,
  )

  it('has an Italian subject and both parts', () => {
    expect(mail.subject).toBe('Benvenuto in Banca Dati CCNL: le tue credenziali di accesso')
    expect(mail.html).toMatch(/^<!DOCTYPE html>\n<html lang="it">/)
    expect(mail.text).toContain('Gentile Mario Rossi,')
  })

  it('gives the e-mail, the generated password and the login link in both parts', () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('mario.rossi@example.com')
      expect(part).toContain('k3Tz9p2Q')
      expect(part).toContain('https://portale.example.it/accedi')
    }
    expect(mail.html).toContain('>Accedi alla Banca Dati</a>')
    expect(mail.text).toContain('scegli una nuova password dalla sezione Profilo › Sicurezza')
  })

  it('carries the brand header and the company footer', () => {
    expect(mail.html).toContain('Banca Dati <span')
    expect(mail.html).toContain('Banca Dati CCNL S.r.l. · Via del Lavoro 21, 00184 Roma · P.IVA 12345670017')
    expect(mail.text).toContain(
      'Ricevi questa e-mail perché il tuo indirizzo è associato a un account Banca Dati CCNL.',
    )
    expect(mail.text).toContain('https://portale.example.it/privacy-policy')
    expect(mail.listUnsubscribe).toBeUndefined()
  })
})

describe('passwordReset', () => {
  it('sends the link with its validity and the reassurance for who did not ask', () => {
    const mail = renderMail(
      'passwordReset',
      {
        email: 'anna@example.com',
        resetUrl: '/reimposta-password/?oobCode=abc&mode=reset',
        validForMinutes: 60,
      },
      context,
    )
    expect(mail.subject).toBe('Reimposta la password del tuo account Banca Dati CCNL')
    expect(mail.text).toContain('Gentile utente,')
    expect(mail.text).toContain("la password dell'account anna@example.com")
    expect(mail.text).toContain('https://portale.example.it/reimposta-password/?oobCode=abc&mode=reset')
    expect(mail.html).toContain(
      'href="https://portale.example.it/reimposta-password/?oobCode=abc&amp;mode=reset"',
    )
    expect(mail.text).toContain('Il collegamento è valido per 1 ora e può essere usato una sola volta.')
    expect(mail.text).toContain('ignora questa e-mail: la password attuale resta valida')
  })
})

describe('emailChanged', () => {
  it('tells the previous address what changed and when, with the undo link', () => {
    const mail = renderMail(
      'emailChanged',
      {
        name: 'Lucia',
        previousEmail: 'lucia@vecchio.it',
        newEmail: 'lucia@nuovo.it',
        changedAt: '2026-03-05T08:30:00.000Z',
        undoUrl: 'https://portale.example.it/annulla-email?token=t1',
        undoValidForMinutes: 3 * 24 * 60,
      },
      context,
    )
    expect(mail.subject).toBe("L'indirizzo e-mail del tuo account è stato modificato")
    expect(mail.text).toContain(
      "il 05/03/2026 alle 09:30 l'indirizzo e-mail del tuo account Banca Dati CCNL è stato modificato.",
    )
    expect(mail.text).toContain('Indirizzo precedente: lucia@vecchio.it')
    expect(mail.text).toContain('Nuovo indirizzo: lucia@nuovo.it')
    expect(mail.text).toContain('Annulla la modifica:\nhttps://portale.example.it/annulla-email?token=t1')
    expect(mail.text).toContain('è valido per 3 giorni')
    expect(mail.html).toContain('>Annulla la modifica</a>')
  })
})

describe('notice', () => {
  const mail = renderMail(
    'notice',
    {
      subject: 'Novità sui tuoi CCNL preferiti',
      title: 'Le novità della settimana',
      name: 'Paolo',
      paragraphs: ['Ecco le ultime notizie sui contratti che segui.'],
      details: [{ label: 'Periodo', value: '16/11/2026 – 22/11/2026' }],
      items: [
        {
          title: 'Rinnovo CCNL Commercio',
          url: '/quotidiano/rinnovo-commercio',
          meta: 'Notizia',
          text: 'Firmata l’ipotesi di accordo.',
        },
        { title: 'Scadenza una tantum', meta: 'Scadenza' },
      ],
      button: { label: 'Apri il Quotidiano', url: '/quotidiano' },
      closing: ['Puoi scegliere i contratti da seguire tra i tuoi preferiti.'],
      unsubscribeUrl: '/v2/profilo/account#notifiche',
    },
    context,
  )

  it('renders every block in both parts', () => {
    for (const part of [mail.html, mail.text]) {
      expect(part).toContain('Le novità della settimana')
      expect(part).toContain('Ecco le ultime notizie sui contratti che segui.')
      expect(part).toContain('16/11/2026 – 22/11/2026')
      expect(part).toContain('Rinnovo CCNL Commercio')
      expect(part).toContain('https://portale.example.it/quotidiano/rinnovo-commercio')
      expect(part).toContain('Scadenza una tantum')
      expect(part).toContain('https://portale.example.it/quotidiano')
      expect(part).toContain('Puoi scegliere i contratti da seguire tra i tuoi preferiti.')
    }
  })

  it('offers the unsubscribe link in the footer and as List-Unsubscribe', () => {
    expect(mail.listUnsubscribe).toBe('https://portale.example.it/v2/profilo/account#notifiche')
    expect(mail.html).toContain('Non vuoi più ricevere queste e-mail?')
    expect(mail.text).toContain(
      'Disattiva le notifiche via e-mail: https://portale.example.it/v2/profilo/account#notifiche',
    )
  })

  it('keeps the subject on one line', () => {
    const oneLine = renderMail(
      'notice',
      { subject: 'Prima riga\r\nBcc: altro@example.com', title: 'T', paragraphs: ['P'] },
      context,
    )
    expect(oneLine.subject).toBe('Prima riga Bcc: altro@example.com')
  })
})

describe('escaping', () => {
  it('escapes every value in the HTML part and keeps it readable in the text part', () => {
    const mail = renderMail(
      'notice',
      {
        subject: hostile,
        title: hostile,
        name: hostile,
        paragraphs: [hostile],
        details: [{ label: hostile, value: hostile }],
        items: [{ title: hostile, meta: hostile, text: hostile, url: '/a?b="c"&d=<e>' }],
        button: { label: hostile, url: '/"><script>alert(1)</script>' },
      },
      context,
    )
    expect(mail.html).not.toContain('<script>')
    expect(mail.html).not.toMatch(/href="[^"]*"[^ >]/)
    expect(mail.html).toContain(
      'Mario &quot;&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;&quot; &amp; Figli',
    )
    expect(mail.text).toContain(hostile)
    expect(mail.subject).toBe(hostile)
  })

  it('rejects links that are not http(s) or a path of the portal', () => {
    for (const url of ['javascript:alert(1)', '//evil.example/x', 'data:text/html,x', 'mailto:a@b.it']) {
      expect(() =>
        renderMail('passwordReset', { email: 'a@b.it', resetUrl: url, validForMinutes: 30 }, context),
      ).toThrow(MailDataError)
    }
  })

  it('escapes through the html tag, nested arrays included, and passes its own markup', () => {
    const inner = html`<b>${'<i>'}</b>`
    expect(html`<p>${[inner, '&', ['"']]}</p>`.value).toBe('<p><b>&lt;i&gt;</b>&amp;&quot;</p>')
    expect(escapeHtml(`<a href='x'>`)).toBe('&lt;a href=&#39;x&#39;&gt;')
  })
})

describe('data checks', () => {
  it('names the template and the field of bad data, in Italian', () => {
    expect(() => renderMail('welcome', { name: 'A', email: 'non-una-mail', password: 'x' }, context)).toThrow(
      /Dati non validi per l'e-mail «welcome»: email/,
    )
    expect(() => renderMail('inesistente', {}, context)).toThrow(/«inesistente»: modello sconosciuto/)
  })
})

describe('formatDuration', () => {
  it.each([
    [1, '1 minuto'],
    [30, '30 minuti'],
    [60, '1 ora'],
    [24 * 60, '24 ore'],
    [48 * 60, '48 ore'],
    [7 * 24 * 60, '7 giorni'],
    [90, '90 minuti'],
  ])('%i minutes read "%s"', (minutes, text) => {
    expect(formatDuration(minutes)).toBe(text)
  })
})
