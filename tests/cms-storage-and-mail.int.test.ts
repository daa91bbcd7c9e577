/**
 * The CMS's external parts, over HTTP against a started portal: uploaded
 * files on S3-compatible storage (a fake S3 server, s3rver, started here on
 * loopback) when S3_BUCKET is set, and Payload's own mail (an editor's
 * password reset) through the portal's outbox to the embedded mailbox.
 */
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import S3rver from 's3rver'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEMO_PASSWORD, PERSONAS, cookiesOf, startPortal, type Portal } from './portal.ts'

const BUCKET = 'bancadati-media'
const ADMIN = 'admin@demo.local'
const EDITOR = 'redazione@demo.local'
const MAIL_FROM = 'Redazione Banca Dati <redazione-noreply@bancadati.test>'

let s3: S3rver
let s3Dir: string
let portal: Portal

beforeAll(async () => {
  s3Dir = mkdtempSync(path.join(tmpdir(), 'bancadati-s3-'))
  s3 = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory: s3Dir,
    configureBuckets: [{ name: BUCKET }],
  })
  const { port } = await s3.run()
  portal = await startPortal({
    S3_BUCKET: BUCKET,
    S3_REGION: 'us-east-1',
    S3_ENDPOINT: `http://127.0.0.1:${port}`,
    S3_ACCESS_KEY_ID: 'S3RVER',
    S3_SECRET_ACCESS_KEY: 'S3RVER',
    S3_FORCE_PATH_STYLE: 'true',
    MAIL_FROM,
  })
}, 300_000)

afterAll(async () => {
  await portal?.stop()
  await s3?.close()
  if (s3Dir) rmSync(s3Dir, { recursive: true, force: true })
})

/** The keys of the objects in the bucket, as s3rver stores them on disk. */
function bucketKeys(): string[] {
  const root = path.join(s3Dir, BUCKET)
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith('._S3rver_object'))
    .map((entry) =>
      path.relative(root, path.join(entry.parentPath, entry.name)).replace(/\._S3rver_object$/, ''),
    )
}

const objectContent = (key: string) => readFileSync(path.join(s3Dir, BUCKET, `${key}._S3rver_object`))

async function cmsSignIn(email: string, password = DEMO_PASSWORD): Promise<Response> {
  return portal.fetch('/cms/api/users/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  })
}

describe('media on S3-compatible storage', () => {
  it('stores an upload in the bucket, serves it on the site and removes it with its document', async () => {
    const login = await cmsSignIn(ADMIN)
    expect(login.status).toBe(200)
    const cookie = cookiesOf(login)

    const image = await sharp({
      create: { width: 4, height: 3, channels: 3, background: { r: 20, g: 80, b: 160 } },
    })
      .png()
      .toBuffer()
    const form = new FormData()
    form.append('file', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'schermata-s3.png')
    form.append('_payload', JSON.stringify({ alt: 'Schermata di prova su S3' }))
    const created = await portal.fetch('/cms/api/site-media', { method: 'POST', cookie, body: form })
    expect(created.status).toBe(201)
    const { doc } = (await created.json()) as { doc: { id: number; filename: string; url: string } }

    // In the bucket under the collection's prefix, and not on the instance's disk.
    const key = `site-media/${doc.filename}`
    expect(bucketKeys()).toContain(key)
    expect(objectContent(key).equals(image)).toBe(true)
    expect(existsSync(path.join(portal.dataDir, 'site-media', doc.filename))).toBe(false)

    // Served by the portal at the document's address (anyone may read site files).
    const served = await portal.fetch(new URL(doc.url, portal.base).pathname)
    expect(served.status).toBe(200)
    expect(served.headers.get('content-type')).toBe('image/png')
    expect(Buffer.from(await served.arrayBuffer()).equals(image)).toBe(true)

    const deleted = await portal.fetch(`/cms/api/site-media/${doc.id}`, { method: 'DELETE', cookie })
    expect(deleted.status).toBe(200)
    expect(bucketKeys()).not.toContain(key)
    expect((await portal.fetch(new URL(doc.url, portal.base).pathname)).status).toBe(404)
  })

  it('keeps the demo files in the bucket and gives a subscriber a summary PDF from there', async () => {
    const keys = bucketKeys()
    expect(keys).toContain('media/scheda-sintetica-19.pdf')
    expect(existsSync(path.join(portal.dataDir, 'media', 'scheda-sintetica-19.pdf'))).toBe(false)

    const cookie = await portal.signIn(PERSONAS.professional)
    const pdf = await portal.fetch('/api/v1/schedesintetiche/19/pdf', { cookie })
    expect(pdf.status).toBe(200)
    expect(pdf.headers.get('content-type')).toBe('application/pdf')
    const body = Buffer.from(await pdf.arrayBuffer())
    expect(body.equals(objectContent('media/scheda-sintetica-19.pdf'))).toBe(true)
  })
})

type Mail = { to: string; from?: string; subject: string; text: string; html: string }

async function mailsTo(address: string, timeoutMs = 20_000): Promise<Mail[]> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const response = await portal.fetch(`/dev/posta/messages.json?to=${encodeURIComponent(address)}`)
    const messages = (await response.json()) as Mail[]
    if (messages.length > 0 || Date.now() > deadline) return messages
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('the CMS’s mail', () => {
  it('starts with an e-mail adapter (Payload no longer writes mails to the console)', () => {
    expect(portal.output()).not.toContain('No email adapter provided')
  })

  it('sends an editor’s password reset, in Italian from MAIL_FROM, to the mailbox with a link that works', async () => {
    const requested = await portal.fetch('/cms/api/users/forgot-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: EDITOR }),
    })
    expect(requested.status).toBe(200)

    const [mail] = await mailsTo(EDITOR)
    expect(mail, 'nessuna e-mail di reimpostazione nella casella di prova').toBeDefined()
    if (!mail) return
    expect(mail.from).toBe('"Redazione Banca Dati" <redazione-noreply@bancadati.test>')
    expect(mail.subject).toBe('Reimposta la password del tuo account Banca Dati CCNL')
    expect(mail.html).toContain('Il collegamento è valido per 1 ora')
    expect(mail.html).toContain(EDITOR)
    const link = new RegExp(`${portal.base.replace(/[.:/]/g, '\\$&')}/admin/reset/([0-9a-f]{40})`).exec(
      mail.html,
    )
    expect(link, 'collegamento di reimpostazione assente').not.toBeNull()
    const token = link?.[1] ?? ''

    // The link opens the admin's reset page, and its token sets a new password.
    expect((await portal.fetch(`/admin/reset/${token}`)).status).toBe(200)
    const reset = await portal.fetch('/cms/api/users/reset-password', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token, password: 'Redazione-Nuova-2026!' }),
    })
    expect(reset.status).toBe(200)
    expect((await cmsSignIn(EDITOR, 'Redazione-Nuova-2026!')).status).toBe(200)
    expect((await cmsSignIn(EDITOR)).status).toBe(401)
  })
})
