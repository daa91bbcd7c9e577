/** The embedded SMTP catcher: what it keeps of a mail, its mailbox file across restarts, its size limit. */
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createCatcherTransport, startMailCatcher } from './index.ts'

let dir: string

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'mail-catcher-'))
})

afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

const send = (port: number, to: string, subject: string) =>
  createCatcherTransport(port).sendMail({
    from: 'Banca Dati CCNL <noreply@bancadati.local>',
    to,
    subject,
    text: `Testo di ${subject}`,
    html: `<p>HTML di ${subject} · àèìòù €</p>`,
  })

describe('startMailCatcher', () => {
  it('keeps recipient, subject, both parts and time of each mail, newest first', async () => {
    const catcher = await startMailCatcher({ file: path.join(dir, 'parts.jsonl') })
    try {
      expect(catcher.port).toBeGreaterThan(0)
      const before = Date.now()
      await send(catcher.port, 'primo@example.com', 'Primo')
      await send(catcher.port, 'secondo@example.com, terzo@example.com', 'Secondo è qui')
      const [second, first] = catcher.messages()
      expect(first).toMatchObject({
        to: 'primo@example.com',
        subject: 'Primo',
        text: 'Testo di Primo',
        html: '<p>HTML di Primo · àèìòù €</p>',
      })
      expect(new Date(first?.date ?? 0).getTime()).toBeGreaterThanOrEqual(before - 1000)
      expect(second).toMatchObject({ to: 'secondo@example.com, terzo@example.com', subject: 'Secondo è qui' })
    } finally {
      await catcher.stop()
    }
  })

  it('finds its mails again after a restart, from the mailbox file', async () => {
    const file = path.join(dir, 'restart.jsonl')
    const first = await startMailCatcher({ file })
    await send(first.port, 'a@example.com', 'Prima del riavvio')
    await first.stop()

    const second = await startMailCatcher({ file, port: first.port })
    try {
      await send(second.port, 'b@example.com', 'Dopo il riavvio')
      expect(second.messages().map((message) => message.subject)).toEqual([
        'Dopo il riavvio',
        'Prima del riavvio',
      ])
    } finally {
      await second.stop()
    }
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(2)
  })

  it('keeps only the newest mails, and skips unreadable lines of the file', async () => {
    const file = path.join(dir, 'limit.jsonl')
    const old = (n: number) =>
      JSON.stringify({
        to: `${n}@example.com`,
        subject: `Vecchia ${n}`,
        text: '',
        html: '',
        date: new Date(2026, 0, n).toISOString(),
      })
    await writeFile(file, [old(1), 'non json', old(2), old(3), '{"to": 1}', ''].join('\n'))

    const catcher = await startMailCatcher({ file, limit: 2 })
    try {
      expect(catcher.messages().map((message) => message.subject)).toEqual(['Vecchia 3', 'Vecchia 2'])
      await send(catcher.port, 'nuova@example.com', 'Nuova')
      expect(catcher.messages().map((message) => message.subject)).toEqual(['Nuova', 'Vecchia 3'])
    } finally {
      await catcher.stop()
    }
    // The file was trimmed at start to the newest two, then the new mail appended.
    expect((await readFile(file, 'utf8')).trim().split('\n')).toHaveLength(3)
  })
  it('keeps its mailbox file private (0600) under umask 000, an older readable one too', async () => {
    const saved = process.umask(0o000)
    try {
      const fresh = path.join(dir, 'privata.jsonl')
      const older = path.join(dir, 'leggibile.jsonl')
      await writeFile(older, '', { mode: 0o644 })
      for (const file of [fresh, older]) {
        const catcher = await startMailCatcher({ file })
        try {
          await send(catcher.port, 'riservata@example.com', 'Link di reimpostazione')
        } finally {
          await catcher.stop()
        }
        expect((await stat(file)).mode & 0o777).toBe(0o600)
      }
    } finally {
      process.umask(saved)
    }
  })
})
