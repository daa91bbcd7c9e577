/**
 * Files of the demo product pages: screenshots of the domestic-work program
 * drawn as SVG (its screens as the product presents them) and the print reports as PDF.
 */
import { escapeHtml } from '../../modules/platform/index.ts'
import { renderPdf, type PdfLine } from '../pdf.ts'

const esc = escapeHtml

type Screen = {
  title: string
  menu: number
  fields: [string, string][]
  table?: { head: string[]; rows: string[][] }
}

const menu = [
  'Datori di lavoro',
  'Lavoratori',
  'Buste paga',
  'Vertenze',
  'TFR',
  'Modulistica',
  'Certificazioni',
]

/** One program screen: window bar, side menu, form and optional table. */
function screenSvg(screen: Screen): string {
  const parts: string[] = []
  parts.push('<rect width="1200" height="750" rx="14" fill="#f4f6f9"/>')
  parts.push(
    '<rect width="1200" height="44" rx="14" fill="#0b2547"/><rect y="30" width="1200" height="14" fill="#0b2547"/>',
  )
  for (const [i, color] of ['#ef4444', '#f59e0b', '#22c55e'].entries())
    parts.push(`<circle cx="${24 + i * 20}" cy="22" r="6" fill="${color}"/>`)
  parts.push(
    '<text x="600" y="28" fill="#d7e3f4" font-size="15" text-anchor="middle" font-family="Arial, sans-serif">Werte Colf</text>',
  )
  parts.push(
    '<rect y="44" width="220" height="706" fill="#ffffff"/><rect x="220" y="44" width="1" height="706" fill="#dfe4ec"/>',
  )
  menu.forEach((item, i) => {
    const y = 80 + i * 44
    if (i === screen.menu)
      parts.push(`<rect x="12" y="${y - 22}" width="196" height="36" rx="8" fill="#e8f0fb"/>`)
    parts.push(
      `<text x="32" y="${y}" fill="${i === screen.menu ? '#15417a' : '#3c4657'}" font-size="15" font-weight="${i === screen.menu ? 700 : 400}" font-family="Arial, sans-serif">${esc(item)}</text>`,
    )
  })
  parts.push(
    `<text x="260" y="100" fill="#0b2547" font-size="26" font-weight="700" font-family="Arial, sans-serif">${esc(screen.title)}</text>`,
  )
  screen.fields.forEach(([label, value], i) => {
    const x = 260 + (i % 2) * 460
    const y = 140 + Math.floor(i / 2) * 78
    parts.push(
      `<text x="${x}" y="${y}" fill="#5a6578" font-size="13" font-family="Arial, sans-serif">${esc(label)}</text>`,
    )
    parts.push(
      `<rect x="${x}" y="${y + 10}" width="420" height="38" rx="6" fill="#ffffff" stroke="#cfd6e1"/>`,
    )
    parts.push(
      `<text x="${x + 12}" y="${y + 35}" fill="#1b2433" font-size="15" font-family="Arial, sans-serif">${esc(value)}</text>`,
    )
  })
  if (screen.table) {
    const top = 150 + Math.ceil(screen.fields.length / 2) * 78
    const width = 880
    const col = width / screen.table.head.length
    parts.push(
      `<rect x="260" y="${top}" width="${width}" height="${40 + screen.table.rows.length * 38}" rx="8" fill="#ffffff" stroke="#dfe4ec"/>`,
    )
    parts.push(`<rect x="260" y="${top}" width="${width}" height="40" rx="8" fill="#15417a"/>`)
    screen.table.head.forEach((cell, c) =>
      parts.push(
        `<text x="${272 + c * col}" y="${top + 26}" fill="#ffffff" font-size="14" font-weight="700" font-family="Arial, sans-serif">${esc(cell)}</text>`,
      ),
    )
    screen.table.rows.forEach((row, r) => {
      const y = top + 40 + r * 38
      if (r % 2 === 1) parts.push(`<rect x="261" y="${y}" width="${width - 2}" height="38" fill="#f4f6f9"/>`)
      row.forEach((cell, c) =>
        parts.push(
          `<text x="${272 + c * col}" y="${y + 25}" fill="#1b2433" font-size="14" font-family="Arial, sans-serif">${esc(cell)}</text>`,
        ),
      )
    })
  }
  parts.push('<rect x="980" y="690" width="160" height="40" rx="8" fill="#15417a"/>')
  parts.push(
    '<text x="1060" y="716" fill="#ffffff" font-size="15" font-weight="700" text-anchor="middle" font-family="Arial, sans-serif">Salva</text>',
  )
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 750" width="1200" height="750">${parts.join('')}</svg>`
}

const screens: (Screen & { name: string; caption: string })[] = [
  {
    name: 'werte-colf-assunzione.svg',
    caption: "Assunzione: i dati del datore di lavoro e del lavoratore, con l'inquadramento del CCNL",
    title: 'Assunzione del lavoratore',
    menu: 1,
    fields: [
      ['Datore di lavoro', 'Rossi Maria'],
      ['Lavoratore', 'Bianchi Anna'],
      ['Data di assunzione', '01/03/2026'],
      ['Livello CCNL lavoro domestico', 'B super'],
      ['Orario settimanale', '30 ore, convivente: no'],
      ['Comunicazione INPS', 'Da inviare entro il 28/02/2026'],
    ],
  },
  {
    name: 'werte-colf-busta-paga.svg',
    caption: 'Busta paga mensile con contributi, ferie, tredicesima e TFR maturati',
    title: 'Busta paga · Marzo 2026',
    menu: 2,
    fields: [
      ['Lavoratore', 'Bianchi Anna · livello B super'],
      ['Ore lavorate', '130'],
    ],
    table: {
      head: ['Voce', 'Quantità', 'Importo'],
      rows: [
        ['Retribuzione oraria', '130 h', '935,35 €'],
        ['Indennità di vitto', '—', '0,00 €'],
        ['Contributi a carico lavoratore', '—', '-41,60 €'],
        ['Netto in busta', '', '893,75 €'],
      ],
    },
  },
  {
    name: 'werte-colf-vertenza.svg',
    caption: 'Calcolo della vertenza: differenze retributive mese per mese',
    title: 'Calcolo vertenza',
    menu: 3,
    fields: [
      ['Periodo', '01/2023 – 12/2025'],
      ['Retribuzione percepita', '800,00 € al mese'],
    ],
    table: {
      head: ['Anno', 'Dovuto', 'Percepito', 'Differenza'],
      rows: [
        ['2023', '11.024,16 €', '9.600,00 €', '1.424,16 €'],
        ['2024', '11.398,80 €', '9.600,00 €', '1.798,80 €'],
        ['2025', '11.612,40 €', '9.600,00 €', '2.012,40 €'],
      ],
    },
  },
  {
    name: 'werte-colf-tfr.svg',
    caption: 'Verifica del TFR con la rivalutazione annuale',
    title: 'Verifica del TFR',
    menu: 4,
    fields: [
      ['Data di cessazione', '31/12/2025'],
      ['Motivo', 'Dimissioni'],
    ],
    table: {
      head: ['Anno', 'Quota', 'Rivalutazione', 'Fondo'],
      rows: [
        ['2023', '816,60 €', '—', '816,60 €'],
        ['2024', '844,36 €', '24,01 €', '1.684,97 €'],
        ['2025', '860,18 €', '37,20 €', '2.582,35 €'],
      ],
    },
  },
  {
    name: 'werte-colf-certificazione.svg',
    caption: 'Certificazione annuale dei compensi e prospetto dei contributi versati',
    title: 'Certificazione annuale 2025',
    menu: 6,
    fields: [
      ['Datore di lavoro', 'Rossi Maria'],
      ['Lavoratore', 'Bianchi Anna'],
      ['Retribuzione complessiva', '11.612,40 €'],
      ['Contributi versati', '1.658,28 €'],
    ],
  },
]

export type DemoFile = { name: string; mimetype: string; data: Buffer; alt: string }

/** The five screenshots of the domestic-work program, with their captions. */
export function demoScreenshots(): (DemoFile & { caption: string })[] {
  return screens.map((screen) => ({
    name: screen.name,
    mimetype: 'image/svg+xml',
    data: Buffer.from(screenSvg(screen)),
    alt: screen.caption,
    caption: screen.caption,
  }))
}

/** A print report of a program: the printout its users hand to clients or courts. */
export async function demoReport(name: string, title: string, lines: PdfLine[]): Promise<DemoFile> {
  return {
    name,
    mimetype: 'application/pdf',
    data: Buffer.from(await renderPdf([{ text: title, style: 'title' }, ...lines], title)),
    alt: title,
  }
}
