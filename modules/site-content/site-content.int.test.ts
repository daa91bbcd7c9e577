/**
 * The public site's services on the real embedded Postgres: demo pages,
 * information and Enterprise requests (contact and sales mail), the rate limit,
 * the cookie-choice route.
 */
import { randomBytes, randomUUID } from 'node:crypto'
import { readFile } from 'node:fs/promises'
import type { Pool } from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLIENT_IP_HEADER } from '../accounts/index.ts'
import { findContact, setHubspotClient } from '../contacts/index.ts'
import { createApi } from '../api/index.ts'
import { ensureDemoSiteContent } from '../../dev/demo/index.ts'
import { demoVideoDir, demoVideos } from '../../dev/demo/videos.ts'
import { it as messages } from '../i18n/index.ts'
import { bootstrapCms } from '../../cms/start.ts'
import { poolOf } from '../cms/index.ts'
import { type AppError, getEnv, getLogger } from '../platform/index.ts'
import { consentHistory, findLegalPage, findProductPage, listProductPages, submitEnquiry } from './index.ts'

let close: () => Promise<void>
let pool: Pool
const api = createApi({ version: 'test' })
const unique = () => randomBytes(4).toString('hex')
const randomIp = () => `10.9.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`

beforeAll(async () => {
  const cms = await bootstrapCms({ logger: getLogger(), runJobs: false })
  close = cms.close
  pool = poolOf(cms.payload)
  setHubspotClient(null)
  await ensureDemoSiteContent(cms.payload)
})

afterAll(async () => {
  setHubspotClient(undefined)
  await close()
})

async function outbox(to: string, match: string) {
  const result = await pool.query<{ subject: string; data: unknown }>(
    `select subject, data from mail_outbox where recipient = $1 and data::text like $2 order by id desc`,
    [to, `%${match}%`],
  )
  return result.rows
}

describe('demo pages', () => {
  it('creates the three product pages, the three legal pages and the demo seller once', async () => {
    const { getCms } = await import('../cms/index.ts')
    expect(await ensureDemoSiteContent(await getCms())).toEqual({ productPages: 0, legalPages: 0, seller: 0 })
    expect((await listProductPages()).map((page) => page.slug)).toEqual(['werte', 'wertecolf', 'werteplus'])
    const werte = await findProductPage('werte')
    const types = werte?.layout.map((block) => block.blockType)
    expect(types).toContain('wageTableCounts')
    const plus = await findProductPage('werteplus')
    expect(plus?.layout.map((block) => block.blockType)).toContain('databaseFigures')
    const colf = await findProductPage('wertecolf')
    const carousel = colf?.layout.find((block) => block.blockType === 'screenshotCarousel')
    expect(carousel?.blockType === 'screenshotCarousel' && carousel.slides).toHaveLength(5)
  })

  it('attaches the recorded demo videos to their pages, each with poster, captions and transcript', async () => {
    for (const slug of ['werte', 'werteplus'] as const) {
      const page = await findProductPage(slug)
      const section = page?.layout.find((block) => block.blockType === 'demoVideos')
      if (section?.blockType !== 'demoVideos') throw new Error(`Nessuna sezione video su /prodotti/${slug}`)
      expect(section.heading).toBe(`Guarda ${page?.title} al lavoro`)
      const shipped = demoVideos.filter((video) => video.product === slug)
      expect(section.videos.map((entry) => entry.title)).toEqual(shipped.map((video) => video.title))
      for (const [index, entry] of section.videos.entries()) {
        const files = { video: entry.video, poster: entry.poster, captions: entry.captions }
        const types = Object.fromEntries(
          Object.entries(files).map(([name, file]) => [
            name,
            typeof file === 'object' ? file?.mimeType : null,
          ]),
        )
        expect(types).toEqual({ video: 'video/mp4', poster: 'image/jpeg', captions: 'text/vtt' })
        const name = shipped[index]?.name ?? ''
        const video = typeof entry.video === 'object' ? entry.video : null
        expect(video?.filesize).toBe((await readFile(new URL(`${name}.mp4`, demoVideoDir))).length)
        expect(entry.transcript).toBe(await readFile(new URL(`${name}.txt`, demoVideoDir), 'utf8'))
      }
    }
    // The domestic-work program has its screenshots and no video section.
    const colf = await findProductPage('wertecolf')
    expect(colf?.layout.map((block) => block.blockType)).not.toContain('demoVideos')
  })

  it('takes WebVTT captions only, says why in Italian, and keeps each video field to its own type', async () => {
    const { getCms } = await import('../cms/index.ts')
    const payload = await getCms()
    const upload = (name: string, text: string, mimetype = 'text/vtt') =>
      payload.create({
        collection: 'site-media',
        data: { alt: 'Sottotitoli di prova' },
        file: { name, mimetype, data: Buffer.from(text), size: Buffer.byteLength(text) },
        overrideAccess: true,
      })
    await expect(upload(`prova-${unique()}.vtt`, 'Solo testo')).rejects.toMatchObject({
      status: 400,
      message: messages.publicSite.captions.noHeader,
    })
    await expect(
      upload(`note-${unique()}.txt`, 'WEBVTT\n\n00:01.000 --> 00:02.000\nCiao', 'text/plain'),
    ).rejects.toMatchObject({
      status: 400,
      message: messages.publicSite.captions.notVtt,
    })
    const captions = await upload(
      `prova-${unique()}.vtt`,
      'WEBVTT\n\n00:01.000 --> 00:02.000\nCiao\n',
      'text/plain',
    )
    expect(captions.mimeType).toBe('text/vtt')

    // A caption file chosen as the video, or as the poster, is refused with the field's message.
    const werte = await payload.find({
      collection: 'product-pages',
      where: { slug: { equals: 'werte' } },
      depth: 0,
      overrideAccess: true,
    })
    const page = werte.docs[0]
    if (!page) throw new Error('Pagina werte mancante')
    const layout = page.layout.map((block) =>
      block.blockType === 'demoVideos'
        ? {
            ...block,
            videos: block.videos.map((entry, index) =>
              index === 0 ? { ...entry, poster: captions.id } : entry,
            ),
          }
        : block,
    )
    await expect(
      payload.update({ collection: 'product-pages', id: page.id, data: { layout }, overrideAccess: true }),
    ).rejects.toMatchObject({
      data: {
        errors: [
          expect.objectContaining({ message: 'La copertina deve essere un’immagine JPEG, WebP o PNG.' }),
        ],
      },
    })
    await payload.delete({ collection: 'site-media', id: captions.id, overrideAccess: true })
  })

  it('stores the terms with their chapters as HTML, last updated 01/12/2021', async () => {
    const terms = await findLegalPage('termini-e-condizioni')
    expect(terms?.lastUpdated.slice(0, 10)).toBe('2021-12-01')
    expect(terms?.sections?.map((section) => section.title)[0]).toBe('1. Condizioni di utilizzo')
    expect(terms?.sections?.[1]?.subsections).toHaveLength(11)
    const withdrawal = terms?.sections?.[2]?.subsections?.[0]?.html ?? ''
    expect(withdrawal).toMatch(/<li[^>]*>Ordinato il: …<\/li>/)
    expect(withdrawal).not.toContain('<script')
  })
})

describe('requests from the public pages', () => {
  it('records the contact and mails the request to sales', async () => {
    const email = `richiesta-${unique()}@esempio.it`
    await submitEnquiry(
      {
        kind: 'enterprise',
        azienda: 'Studio Associato <Rossi>',
        nome: 'Pia Rossi',
        email,
        telefono: '06 1234567',
        postazioni: 12,
        messaggio: 'Ci servono 12 accessi.',
        privacy: true,
      },
      { clientIp: randomIp() },
    )
    expect(await findContact(email)).toMatchObject({
      name: 'Pia Rossi',
      product: 'Enterprise',
      source: 'api',
    })
    const mails = await outbox(getEnv().SALES_EMAIL, email)
    expect(mails[0]?.subject).toBe('Richiesta Enterprise: Studio Associato <Rossi>')
  })

  it('refuses the eleventh request within an hour from one address', async () => {
    const ip = randomIp()
    const send = () =>
      submitEnquiry(
        {
          kind: 'product',
          product: 'werte',
          nome: 'Test',
          email: `limite-${unique()}@esempio.it`,
          telefono: '',
          azienda: '',
          messaggio: 'Prova',
          privacy: true,
        },
        { clientIp: ip },
      )
    for (let i = 0; i < 10; i += 1) await send()
    await expect(send()).rejects.toMatchObject({ code: 'too_many_requests' } satisfies Partial<AppError>)
  })
})

describe('POST /api/v1/consenso-cookie', () => {
  const post = (body: unknown) =>
    api.fetch(
      new Request(`${getEnv().publicUrl}/api/v1/consenso-cookie`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', [CLIENT_IP_HEADER]: randomIp() },
        body: JSON.stringify(body),
      }),
    )

  it('records each choice with its time, necessary always included', async () => {
    const consentId = randomUUID()
    const first = await post({ consentId, categories: ['analytics'], action: 'accept_all' })
    expect(first.status).toBe(201)
    expect(await first.json()).toMatchObject({ consentId, categories: ['necessary', 'analytics'] })
    await post({ consentId, categories: ['necessary'], action: 'reject_all' })
    const history = await consentHistory(pool, consentId)
    expect(history.map((entry) => entry.categories)).toEqual([['necessary'], ['necessary', 'analytics']])
    expect(history[0]?.createdAt).toBeInstanceOf(Date)
  })

  it('answers 400 naming the field for an unknown category', async () => {
    const response = await post({ consentId: randomUUID(), categories: ['marketing'], action: 'custom' })
    expect(response.status).toBe(400)
    expect(((await response.json()) as { error: { field: string } }).error.field).toMatch(/^categories/)
  })
})
