/** Loads the demo pages of the public site into an empty installation (embedded mode, first start). */
import type { Payload } from 'payload'
import { formatNumber } from '../../modules/i18n/index.ts'
import type { PdfLine } from '../pdf.ts'
import { demoLegalPages } from './legal-pages.ts'
import { demoReport, demoScreenshots, type DemoFile } from './media.ts'
import {
  demoProductPages,
  werteSectorCounts,
  wertePlusSectorCounts,
  type DemoFileIds,
} from './product-pages.ts'
import { ensureDemoSeller } from './seller.ts'
import { demoVideoFiles, demoVideos } from './videos.ts'
import type { ProductSlug } from '../../modules/site-content/index.ts'

async function upload(payload: Payload, file: DemoFile): Promise<number> {
  const doc = await payload.create({
    collection: 'site-media',
    data: { alt: file.alt },
    file: { name: file.name, mimetype: file.mimetype, data: file.data, size: file.data.length },
    overrideAccess: true,
  })
  return doc.id
}

const table = (head: string[], rows: string[][]): PdfLine[] => [{ table: { head, rows } }]

const countLines = (counts: [string, number][]) =>
  table(
    ['Settore', 'Tabelle'],
    counts.map(([sector, count]) => [sector, formatNumber(count)]),
  )

async function reports(): Promise<Record<ProductSlug, DemoFile>> {
  return {
    werte: await demoReport('werte-report-vertenza.pdf', 'Werte · Prospetto delle differenze retributive', [
      {
        text: 'Lavoratore: Verdi Luca · CCNL Terziario Confcommercio, IV livello · 01/2022 – 12/2025',
        style: 'body',
      },
      { text: 'Differenze per anno', style: 'heading' },
      ...table(
        ['Anno', 'Dovuto', 'Percepito', 'Differenza'],
        [
          ['2022', '24.118,40', '22.100,00', '2.018,40'],
          ['2023', '24.860,12', '22.100,00', '2.760,12'],
          ['2024', '25.912,56', '23.400,00', '2.512,56'],
          ['2025', '26.433,90', '23.400,00', '3.033,90'],
        ],
      ),
      { text: 'Totale differenze: 10.324,98 euro, oltre interessi e rivalutazione.', style: 'body' },
      { text: 'Tabelle disponibili per settore', style: 'heading' },
      ...countLines(werteSectorCounts),
    ]),
    wertecolf: await demoReport('werte-colf-report.pdf', 'Werte Colf · Busta paga e prospetto vertenza', [
      { text: 'Datore di lavoro: Rossi Maria · Lavoratrice: Bianchi Anna · Livello B super', style: 'body' },
      { text: 'Busta paga di marzo 2026', style: 'heading' },
      ...table(
        ['Voce', 'Quantità', 'Importo'],
        [
          ['Retribuzione oraria', '130 h', '935,35'],
          ['Contributi a carico lavoratore', '', '-41,60'],
          ['Netto in busta', '', '893,75'],
        ],
      ),
      { text: 'Prospetto della vertenza', style: 'heading' },
      ...table(
        ['Anno', 'Dovuto', 'Percepito', 'Differenza'],
        [
          ['2023', '11.024,16', '9.600,00', '1.424,16'],
          ['2024', '11.398,80', '9.600,00', '1.798,80'],
          ['2025', '11.612,40', '9.600,00', '2.012,40'],
        ],
      ),
    ]),
    werteplus: await demoReport(
      'werte-plus-report.pdf',
      'Werte Plus · Elementi della contrattazione territoriale',
      [
        { text: 'CCNL Edilizia industria · Provincia di Milano · Operaio qualificato', style: 'body' },
        ...table(
          ['Decorrenza', 'EET', 'Indennità territoriale', 'Premio di produzione'],
          [
            ['01/01/2024', '48,20', '62,15', '35,00'],
            ['01/01/2025', '51,80', '64,40', '38,00'],
          ],
        ),
        { text: 'Tabelle disponibili per settore', style: 'heading' },
        ...countLines(wertePlusSectorCounts),
      ],
    ),
  }
}

/** Uploads the committed demo videos (video, poster, captions) of every product page that has some. */
async function uploadDemoVideos(payload: Payload): Promise<DemoFileIds['videos']> {
  const videos: DemoFileIds['videos'] = {}
  for (const video of demoVideos) {
    const files = await demoVideoFiles(video)
    if (!files) continue
    const entry = {
      title: files.title,
      text: files.text,
      video: await upload(payload, files.video),
      poster: await upload(payload, files.poster),
      captions: await upload(payload, files.captions),
      transcript: files.transcript,
    }
    ;(videos[video.product] ??= []).push(entry)
  }
  return videos
}

/**
 * Creates the product pages (with their screenshots, demo videos and print reports) and the
 * legal pages when none exist, and the invoices' demo seller. Returns what it created.
 */
export async function ensureDemoSiteContent(
  payload: Payload,
): Promise<{ productPages: number; legalPages: number; seller: number }> {
  const created = { productPages: 0, legalPages: 0, seller: 0 }
  const existingProducts = await payload.count({ collection: 'product-pages', overrideAccess: true })
  if (existingProducts.totalDocs === 0) {
    const screenshots = []
    for (const shot of demoScreenshots())
      screenshots.push({ id: await upload(payload, shot), caption: shot.caption })
    const files = await reports()
    const reportIds = {
      werte: await upload(payload, files.werte),
      wertecolf: await upload(payload, files.wertecolf),
      werteplus: await upload(payload, files.werteplus),
    }
    const videos = await uploadDemoVideos(payload)
    for (const page of demoProductPages({ screenshots, reports: reportIds, videos })) {
      await payload.create({ collection: 'product-pages', data: page, overrideAccess: true })
      created.productPages += 1
    }
  }
  const existingLegal = await payload.count({ collection: 'legal-pages', overrideAccess: true })
  if (existingLegal.totalDocs === 0) {
    for (const page of demoLegalPages()) {
      await payload.create({ collection: 'legal-pages', data: page as never, overrideAccess: true })
      created.legalPages += 1
    }
  }
  // The invoices' seller (clearly demo data), so demo subscribers can download their invoices.
  if (await ensureDemoSeller(payload)) created.seller += 1
  return created
}
