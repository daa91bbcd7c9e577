/**
 * The demo videos of the product pages: what each one shows of the real
 * portal, step by step. Each step's caption is shown while it happens (the
 * WebVTT captions) and is a paragraph of the transcript.
 */
import type { Page } from '@playwright/test'
import { demoVideos, type DemoVideo } from '../demo/videos.ts'

/** The demo contract: Terziario Confcommercio, category 19 (dipendenti). */
export const DEMO_CONTRACT = '/bancadati/0/11/133/19'

export type SceneStep = { caption: string; run: (page: Page) => Promise<void> }

/** A video of dev/demo/videos.ts (its files are `<name>.mp4`, `.jpg`, `.vtt`, `.txt`) and how it is played. */
export type Scene = DemoVideo & {
  /** The page the video opens on (loaded before the recording starts). */
  opening: string
  /** The demo account the video is recorded with (password of the demo personas), or none. */
  account: string | null
  /** The step whose end is shown as poster image (index into `steps`). */
  posterStep: number
  steps: SceneStep[]
}

function video(name: string): DemoVideo {
  const found = demoVideos.find((candidate) => candidate.name === name)
  if (!found) throw new Error(`Video sconosciuto: ${name}`)
  return found
}

/** Leaves the viewer time to read what a step shows. */
const pause = (page: Page, ms = 2200) => page.waitForTimeout(ms)

/** Scrolls smoothly to an element, as a person would. */
async function scrollTo(page: Page, selector: string) {
  await page
    .locator(selector)
    .first()
    .evaluate((element) => element.scrollIntoView({ behavior: 'smooth', block: 'start' }))
  await page.waitForTimeout(900)
}

async function type(page: Page, label: string, text: string) {
  const box = page.getByRole('searchbox', { name: label })
  await box.click()
  await box.pressSequentially(text, { delay: 120 })
}

export const scenes: Scene[] = [
  {
    ...video('werte-ricerca-tabelle'),
    opening: '/bancadati/0',
    account: 'professional@demo.local',
    posterStep: 3,
    steps: [
      {
        caption: 'Dalla home della banca dati si cerca il contratto per nome o per codice.',
        run: async (page) => {
          await pause(page, 1500)
          await type(page, 'Cerca un contratto', 'terziario')
          await pause(page, 600)
        },
      },
      {
        caption: 'I risultati elencano i contratti con il loro codice: si apre il CCNL del Terziario.',
        run: async (page) => {
          await page.getByRole('button', { name: 'Cerca' }).click()
          await page.locator('#risultati').getByRole('link').first().waitFor()
          await pause(page)
          await page.goto(DEMO_CONTRACT)
          await pause(page)
        },
      },
      {
        caption: 'La scheda del contratto riunisce testo, tabelle retributive, sintesi e dati territoriali.',
        run: async (page) => {
          await page.mouse.wheel(0, 450)
          await pause(page, 2200)
        },
      },
      {
        caption: 'Le tabelle retributive mostrano i minimi di ogni livello in vigore oggi.',
        run: async (page) => {
          await page.goto(`${DEMO_CONTRACT}/2`)
          await pause(page, 1200)
          await page.mouse.wheel(0, 380)
          await pause(page, 2600)
        },
      },
      {
        caption: 'Ogni decorrenza del rinnovo ha la sua tabella: si confrontano gli importi nel tempo.',
        run: async (page) => {
          await page.getByRole('link', { name: /Dal 01\/11\/2025/ }).click()
          await page.waitForLoadState('load')
          await pause(page, 1200)
          await page.mouse.wheel(0, 380)
          await pause(page, 2800)
        },
      },
    ],
  },
  {
    ...video('werte-calcolo-arretrati'),
    opening: `${DEMO_CONTRACT}/arretrati`,
    account: 'professional@demo.local',
    posterStep: 2,
    steps: [
      {
        caption:
          'Il calcolo degli arretrati parte dalle tabelle del contratto e dalle decorrenze del rinnovo.',
        run: async (page) => {
          await pause(page, 2500)
        },
      },
      {
        caption: 'Si scelgono il livello del lavoratore e la data fino alla quale calcolare.',
        run: async (page) => {
          await page.getByLabel('Livello').selectOption('4')
          await pause(page, 1200)
          await page.getByLabel('Calcolo fino al', { exact: true }).fill('2026-11-30')
          await pause(page, 1500)
        },
      },
      {
        caption:
          'Il risultato: differenze di paga, tredicesima, quattordicesima e una tantum, con il totale.',
        run: async (page) => {
          await page.getByRole('button', { name: 'Calcola', exact: true }).click()
          await page.locator('[data-total="total"]').waitFor()
          await scrollTo(page, '[data-total="total"]')
          await pause(page, 3000)
        },
      },
      {
        caption: 'Il dettaglio mese per mese e i totali per anno, pronti da scaricare in Excel o PDF.',
        run: async (page) => {
          await scrollTo(page, '.arrears-lines')
          await pause(page, 2000)
          await scrollTo(page, '.arrears-years')
          await pause(page, 2500)
        },
      },
    ],
  },
  {
    ...video('werte-plus-territoriali'),
    opening: `${DEMO_CONTRACT}/5`,
    account: 'professional@demo.local',
    posterStep: 1,
    steps: [
      {
        caption: 'La sezione territoriale del contratto elenca le province con accordi di secondo livello.',
        run: async (page) => {
          await pause(page, 4500)
        },
      },
      {
        caption: 'Si apre la provincia: il contratto integrativo con i suoi elementi retributivi.',
        run: async (page) => {
          await page.getByRole('link', { name: 'Milano' }).first().click()
          await page.waitForLoadState('load')
          await pause(page, 3000)
        },
      },
      {
        caption: 'Premi, indennità ed elementi territoriali si sommano ai minimi del CCNL nazionale.',
        run: async (page) => {
          await page.mouse.wheel(0, 450)
          await pause(page, 3200)
          await page.mouse.wheel(0, 450)
          await pause(page, 3200)
        },
      },
    ],
  },
  {
    ...video('werte-plus-quotidiano-preferiti'),
    opening: '/bancadati/quotidiano',
    account: 'premium@demo.local',
    posterStep: 0,
    steps: [
      {
        caption: 'Il Quotidiano raccoglie ogni giorno rinnovi, scadenze e novità dei contratti.',
        run: async (page) => {
          await pause(page, 3000)
        },
      },
      {
        caption: 'Una notizia si apre per intero, con gli allegati da scaricare.',
        run: async (page) => {
          await page.locator('main a[href*="/bancadati/quotidiano/notizia/"]').first().click()
          await page.waitForLoadState('load')
          await pause(page, 2200)
          await page.mouse.wheel(0, 400)
          await pause(page, 2500)
        },
      },
      {
        caption: 'Dalla scheda di un contratto, un clic lo aggiunge ai preferiti.',
        run: async (page) => {
          await page.goto(DEMO_CONTRACT)
          await pause(page, 1200)
          const add = page.getByRole('button', { name: 'Aggiungi ai preferiti' })
          if (await add.isVisible()) await add.click()
          await pause(page, 2200)
        },
      },
      {
        caption: 'I preferiti compaiono in cima alla home della banca dati, pronti da aprire.',
        run: async (page) => {
          await page.goto('/bancadati')
          await page.getByRole('heading', { name: 'I tuoi preferiti' }).waitFor()
          await scrollTo(page, '#home-preferiti')
          await pause(page, 3000)
        },
      },
    ],
  },
]
