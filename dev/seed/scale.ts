/**
 * Benchmark packages: any number of contracts, categories and news with the same record
 * shapes as the demo set, derived from the demo facts and a seed, streamed to disk.
 * Codes live in their own ranges (contracts from 100000, categories from 1000000) so a
 * scale package never overwrites the demo records.
 */
import {
  classificationRecords,
  contractRecord,
  contractTermsRecord,
  consolidatedText,
  demoCreatedAt,
  demoToday,
  textTypes,
} from './demo.ts'
import { documentLines, renderDocument } from './document.ts'
import type { ContractFact, PayFact } from './facts/model.ts'
import { contractFacts, sectorFacts } from './facts/load.ts'
import { addDays, cents, esc, euro, monthNames, paragraphs, slugify, table } from './html.ts'
import { loadIstat } from './istat.ts'
import { sectorSvg } from './media.ts'
import { buildPayTables } from './pay.ts'
import { renderPdf } from '../pdf.ts'
import { createRandom } from './random.ts'
import { buildSummary } from './summaries.ts'
import { buildSecondLevelDocument } from './texts.ts'
import { summaryTypes, type NewsRecord } from './types.ts'
import { createPackageWriter } from './writer.ts'

export type ScaleOptions = { contracts: number; categories: number; news: number; seed: number | string }

export const scaleContractBase = 100_000
export const scaleCategoryBase = 1_000_000
const scaleCompanyBase = 900_000

const qualifiers = [
  'piccola e media impresa',
  'imprese artigiane',
  'cooperative',
  'aziende multiservizi',
  'settore privato',
  'imprese di servizi',
  'aziende industriali',
  'imprese del Mezzogiorno',
  'imprese a rete',
  'consorzi di imprese',
]

function scalePay(pay: PayFact, factor: number): PayFact {
  return {
    ...pay,
    tranches: pay.tranches.map((t) => ({
      ...t,
      ...(t.values ? { values: t.values.map((v) => cents(v * factor)) } : {}),
      ...(t.ref !== undefined ? { ref: cents(t.ref * factor) } : {}),
    })),
  }
}

/** The i-th synthetic contract: a demo contract's facts under a new code and title. */
function syntheticContract(i: number, factor: number): ContractFact {
  const template = contractFacts[i % contractFacts.length] as ContractFact
  const code = scaleContractBase + i
  const sector = sectorFacts.find((s) => s.code === template.sectorCode)
  const qualifier = qualifiers[Math.floor(i / contractFacts.length) % qualifiers.length] as string
  const edition = Math.floor(i / (contractFacts.length * qualifiers.length)) + 1
  const letter = sector?.letter ?? 'V'
  return {
    ...template,
    code,
    cnelCode: `${letter}S${i.toString(36).toUpperCase().padStart(3, '0')}`,
    title: `${template.title} – ${qualifier}${edition > 1 ? ` (${edition}ª sezione)` : ''}`,
    shortTitle: `${template.shortTitle} – ${qualifier}${edition > 1 ? ` ${edition}` : ''}`,
    pay: scalePay(template.pay, factor),
    categories: [],
    rich: false,
  }
}

const newsTopics = [
  'nuovi minimi retributivi',
  'firmata l’ipotesi di accordo',
  'chiarimenti sull’apprendistato',
  'la disciplina del lavoro straordinario',
  'ferie e permessi retribuiti',
  'il periodo di comporto per malattia',
  'una tantum per la vacanza contrattuale',
  'welfare contrattuale e fondi sanitari',
]

/** Writes a benchmark package; returns the record counts. */
export async function writeScalePackage(
  dir: string,
  options: ScaleOptions,
): Promise<{ counts: Record<string, number> }> {
  const { contracts: nContracts, categories: nCategories, news: nNews } = options
  if (![nContracts, nCategories, nNews].every((n) => Number.isInteger(n) && n >= 0))
    throw new Error('counts must be non-negative integers')
  if (nContracts === 0 && nCategories > 0) throw new Error('categories need at least one contract')
  const random = createRandom(`scale:${options.seed}`)
  const writer = await createPackageWriter(dir, {
    name: `Dati di carico (${nContracts} contratti, ${nCategories} categorie, ${nNews} notizie)`,
    createdAt: demoCreatedAt,
  })
  const { regions, provinces } = loadIstat()

  for (const s of sectorFacts) {
    await writer.write('sectors', { code: s.code, name: s.name, cnelName: s.cnelName })
    await writer.addMedia(s.image, sectorSvg(s))
  }

  const factors: number[] = []
  for (let i = 0; i < nContracts; i++) factors.push(0.94 + random.next() * 0.12)
  const contractAt = (i: number) => syntheticContract(i, factors[i] as number)

  for (let i = 0; i < nContracts; i++) await writer.write('contracts', contractRecord(contractAt(i)))

  // Category j belongs to contract j mod N; its name follows the template's categories.
  const categoryName = (j: number) => {
    const c = contractAt(j % nContracts)
    const template = contractFacts[(j % nContracts) % contractFacts.length] as ContractFact
    const base =
      template.categories[Math.floor(j / nContracts) % template.categories.length]?.name ?? c.shortTitle
    const round = Math.floor(j / nContracts)
    return `${base} – ${c.shortTitle.split(' – ')[1] ?? 'sezione'}${round > 0 ? ` (gruppo ${round + 1})` : ''}`
  }
  for (let j = 0; j < nCategories; j++) {
    await writer.write('categories', {
      code: scaleCategoryBase + j,
      contractCode: scaleContractBase + (j % nContracts),
      name: categoryName(j),
    })
  }
  for (let j = 0; j < nCategories; j++) {
    await writer.write('contractMappings', {
      categoryCode: scaleCategoryBase + j,
      contractCode: scaleContractBase + (j % nContracts),
    })
  }
  for (const t of textTypes) await writer.write('textTypes', t)
  for (const r of regions) await writer.write('regions', r)
  for (const p of provinces) await writer.write('provinces', p)

  const companyCount = Math.floor(nContracts / 20)
  for (let k = 0; k < companyCount; k++) {
    await writer.write('companies', {
      code: scaleCompanyBase + k,
      name: `Impresa di prova ${k + 1} S.p.A.`,
      contractCode: scaleContractBase + k * 20,
    })
  }

  // Texts: one consolidated text per contract, territorial texts for one contract in twenty,
  // a company text for each company.
  let topicBase = 50_000_000
  for (let i = 0; i < nContracts; i++) {
    const c = contractAt(i)
    await writer.write('contractTexts', consolidatedText(c, c.code * 10 + 1, `scale:${options.seed}`))
  }
  let textCode = 5_000_000
  const territorialProvinces: { contract: number; province: (typeof provinces)[number] }[] = []
  for (let i = 0; i < nContracts; i += 20) {
    const c = contractAt(i)
    for (const province of random.sample(provinces, 2)) {
      territorialProvinces.push({ contract: i, province })
      const doc = buildSecondLevelDocument(
        `Contratto integrativo provinciale – ${c.shortTitle} – Provincia di ${province.name}`,
        [
          {
            title: 'Campo di applicazione',
            topic: 'Campo di applicazione',
            html: paragraphs([
              `Il presente accordo si applica alle imprese della provincia di ${esc(province.name)} che applicano il contratto ${esc(c.shortTitle)}.`,
            ]),
          },
          {
            title: 'Elemento economico provinciale',
            topic: 'Retribuzione',
            html: paragraphs([
              `È riconosciuto un elemento economico provinciale di ${euro(random.int(500, 2500) / 100)} euro mensili al livello di riferimento.`,
            ]),
          },
          {
            title: 'Decorrenza e durata',
            topic: 'Campo di applicazione',
            html: paragraphs(['Il presente accordo ha validità triennale dal 1° gennaio 2025.']),
          },
        ],
        (topicBase += 100),
      )
      await writer.write('contractTexts', {
        code: textCode++,
        contractCode: c.code,
        scope: 'territorial',
        typeCode: 'INT',
        title: `Contratto integrativo provinciale – ${c.shortTitle} – ${province.name}`,
        date: '2025-01-01',
        regionCode: province.regionCode,
        provinceCode: province.code,
        ...doc,
      })
    }
  }
  for (let k = 0; k < companyCount; k++) {
    const c = contractAt(k * 20)
    const doc = buildSecondLevelDocument(
      `Contratto integrativo aziendale – Impresa di prova ${k + 1} S.p.A.`,
      [
        {
          title: 'Campo di applicazione',
          topic: 'Campo di applicazione',
          html: paragraphs([`Il presente accordo integra il contratto ${esc(c.shortTitle)}.`]),
        },
        {
          title: 'Premio di risultato',
          topic: 'Retribuzione',
          html: paragraphs([
            `Premio annuo massimo di ${euro(random.int(800, 2400))} euro legato a produttività e qualità.`,
          ]),
        },
      ],
      (topicBase += 100),
    )
    await writer.write('contractTexts', {
      code: textCode++,
      contractCode: c.code,
      scope: 'company',
      typeCode: 'AZ',
      title: `Contratto integrativo aziendale – Impresa di prova ${k + 1} S.p.A.`,
      date: '2025-03-20',
      companyCode: scaleCompanyBase + k,
      ...doc,
    })
  }

  for (let j = 0; j < nCategories; j++) {
    const c = contractAt(j % nContracts)
    for (const t of buildPayTables(scaleCategoryBase + j, c.pay)) await writer.write('payTables', t)
  }

  for (let i = 0; i < nContracts; i++) await writer.write('contractTerms', contractTermsRecord(contractAt(i)))

  // Summaries for one category in ten, all seven types.
  for (let j = 0; j < nCategories; j += 10) {
    const c = contractAt(j % nContracts)
    const category = { code: scaleCategoryBase + j, name: categoryName(j) }
    for (const type of summaryTypes) {
      const doc = buildSummary(type, { contract: c, category, pay: c.pay, today: demoToday })
      const { html, nav } = renderDocument(doc)
      await writer.write('summaries', { categoryCode: category.code, type, title: doc.title, html, nav })
    }
  }

  for (let j = 0; j < nCategories; j++) {
    for (const r of classificationRecords(contractAt(j % nContracts), scaleCategoryBase + j))
      await writer.write('classifications', r)
  }

  for (const { contract: i, province } of territorialProvinces) {
    const c = contractAt(i)
    if (i >= nCategories) continue
    const categoryCode = scaleCategoryBase + i
    for (const tranche of c.pay.tranches.slice(-2)) {
      const rows =
        buildPayTables(categoryCode, { ...c.pay, tranches: [tranche], apprentices: [] })[0]?.levels ?? []
      const extra = random.int(500, 2500) / 100
      await writer.write('territorialPayTables', {
        code: `S-${c.code}-${province.code}-${tranche.date}`,
        categoryCode,
        provinceCode: province.code,
        effectiveDate: tranche.date,
        title: `Tabella provinciale ${c.shortTitle} – ${province.name}`,
        html:
          `<h2 id="tabella">Tabella provinciale – ${esc(province.name)}</h2>` +
          table(
            ['Livello', 'Paga base', 'Contingenza', 'Elemento provinciale', 'Totale'],
            rows.map((l) => [
              esc(l.code),
              euro(l.basePay),
              euro(l.costOfLiving),
              euro(extra),
              euro(l.basePay + l.costOfLiving + extra),
            ]),
          ),
        nav: [{ text: 'Tabella', value: 'tabella', children: [] }],
      })
    }
  }

  // News: spread over the twelve months before the demo date, slugs made unique by index.
  const attachmentFile = 'allegato-tabella-di-esempio.pdf'
  if (nNews > 0) {
    await writer.addMedia(
      attachmentFile,
      await renderPdf(
        documentLines({
          title: 'Tabella di esempio',
          sections: [{ title: 'Minimi', blocks: ['Tabella allegata alle notizie del pacchetto di carico.'] }],
        }),
        'Banca dati CCNL',
      ),
    )
  }
  const start = addDays(demoToday, -364)
  const allSectors = sectorFacts.map((s) => s.code)
  for (let n = 0; n < nNews; n++) {
    const date = addDays(start, Math.floor((n * 365) / Math.max(1, nNews)))
    const roll = random.next()
    const type: NewsRecord['type'] = roll < 0.05 ? 'changelog' : roll < 0.3 ? 'deadline' : 'news'
    const c = nContracts > 0 ? contractAt(random.int(0, nContracts - 1)) : undefined
    const [, m] = date.split('-').map(Number) as [number, number]
    const title =
      type === 'changelog'
        ? `Aggiornamento della banca dati n. ${n + 1}`
        : type === 'deadline'
          ? `Scadenza di ${monthNames[m - 1]}: adempimenti ${c ? `per il contratto ${c.shortTitle}` : 'per i datori di lavoro'}`
          : `${c ? `CCNL ${c.shortTitle}` : 'Lavoro'}: ${random.pick(newsTopics)}`
    const paragraphCount = random.int(3, 5)
    const bodies = [
      `${c ? `Il ${esc(c.title)}` : 'La normativa vigente'} prevede adempimenti e decorrenze che interessano imprese e consulenti.`,
      `Le novità si applicano dal periodo di paga di ${monthNames[m - 1]} e riguardano i lavoratori in forza a tempo pieno e a tempo parziale.`,
      'Gli importi aggiornati sono consultabili nelle tabelle retributive della banca dati.',
      'Per i casi particolari si rinvia alle disposizioni del testo contrattuale e agli accordi di secondo livello.',
      'Il Quotidiano segnalerà eventuali chiarimenti delle parti firmatarie e degli enti previdenziali.',
    ]
    const record: NewsRecord = {
      guid: random.uuid(),
      slug: `${slugify(title, 70)}-${n.toString(36)}`,
      title,
      date,
      type,
      html: paragraphs(bodies.slice(0, paragraphCount)),
      sectorCodes: type === 'changelog' || !c ? allSectors : [c.sectorCode],
      contractCodes: c && type !== 'changelog' ? [c.code] : [],
    }
    if (n % 200 === 0) record.attachment = { name: 'Tabella di esempio.pdf', file: attachmentFile }
    await writer.write('news', record)
  }

  const { counts } = await writer.finish()
  return { counts: counts as Record<string, number> }
}
