/** The demo data set shipped in data/demo/: built in memory, then written as a package. */
import { documentLines, renderDocument } from './document.ts'
import type { ContractFact } from './facts/model.ts'
import { contractFacts, labourCostFacts, sectorFacts } from './facts/load.ts'
import { dateIt, dateLong, esc, paragraphs } from './html.ts'
import { atecoTitles, loadIstat } from './istat.ts'
import { sectorSvg } from './media.ts'
import { buildNews } from './news.ts'
import { buildPayTables } from './pay.ts'
import { renderPdf } from '../pdf.ts'
import { createRandom } from './random.ts'
import { buildSummary, summaryTitles } from './summaries.ts'
import { buildTerritorial } from './territorial.ts'
import { buildNationalDocument, buildRenewalDocument, contractAsOf, nationalText } from './texts.ts'
import {
  entityOrder,
  summaryTypes,
  type EntityName,
  type EntityRecords,
  type ClassificationRecord,
  type ContractRecord,
  type ContractTermsRecord,
  type ContractTextRecord,
  type PackageData,
  type SummaryRecord,
  type TextTypeRecord,
} from './types.ts'
import { createPackageWriter } from './writer.ts'

/** The date the demo set describes: news cover the twelve months up to it. */
export const demoToday = '2026-11-22'
export const demoCreatedAt = '2026-11-22T00:00:00Z'
export const demoName = 'Dati dimostrativi'

/** Text types of the contract texts (tipisia). */
export const textTypes: TextTypeRecord[] = [
  { code: 'CCNL', name: 'Contratto collettivo nazionale di lavoro' },
  { code: 'ACC', name: 'Accordo di rinnovo' },
  { code: 'IPO', name: 'Ipotesi di accordo' },
  { code: 'VERB', name: 'Verbale di accordo' },
  { code: 'PROT', name: "Protocollo d'intesa" },
  { code: 'INT', name: 'Contratto integrativo territoriale' },
  { code: 'AZ', name: 'Contratto integrativo aziendale' },
]

export function contractRecord(c: ContractFact): ContractRecord {
  const sector = sectorFacts.find((s) => s.code === c.sectorCode)
  return {
    code: c.code,
    sectorCode: c.sectorCode,
    title: c.title,
    shortTitle: c.shortTitle,
    ...(c.cnelCode ? { cnelCode: c.cnelCode } : {}),
    employerSignatories: c.employers,
    unionSignatories: c.unions,
    representedAtCnel: c.representedAtCnel,
    employerSideAtCnel: c.employerSideAtCnel,
    unionSideAtCnel: c.unionSideAtCnel,
    confederations: c.confederations,
    firstFiledOn: c.firstFiledOn,
    expiresOn: c.expiresOn,
    noteHtml:
      paragraphs([
        `<strong>Ultimo rinnovo:</strong> ${dateLong(c.signedOn)} – vigenza dal ${dateIt(c.validFrom)} al ${dateIt(c.expiresOn)}.`,
        esc(c.renewal),
      ]) +
      (c.expiresOn < demoToday
        ? paragraphs(['Il contratto è scaduto e continua ad applicarsi fino al rinnovo.'])
        : ''),
    ...(sector ? { image: sector.image } : {}),
    ...(c.application
      ? {
          employers: c.application.employers,
          employees: c.application.employees,
          applicationSource: c.application.source,
        }
      : {}),
  }
}

export function classificationRecords(c: ContractFact, categoryCode: number): ClassificationRecord[] {
  const out: ClassificationRecord[] = []
  if (c.cnelCode) out.push({ categoryCode, scheme: 'CNEL', code: c.cnelCode, description: c.title })
  for (const inps of c.inps) {
    out.push({
      categoryCode,
      scheme: 'INPS',
      code: inps.csc,
      description: inps.description,
      ...(c.cnelCode ? { ccnlCode: c.cnelCode } : {}),
      note: c.cnelCode
        ? `Nel flusso Uniemens indicare il codice contratto ${c.cnelCode} attribuito dal CNEL.`
        : 'Codice statistico contributivo di riferimento.',
    })
  }
  const category = c.categories.find((cat) => cat.code === categoryCode)
  const titles = atecoTitles()
  for (const [code, description] of category?.ateco ?? c.ateco)
    out.push({ categoryCode, scheme: 'ATECO', code, description: titles.get(code) ?? description })
  return out
}

/** The key terms of a contract as the comparison shows them, from the same facts the texts and summaries describe. */
export function contractTermsRecord(c: ContractFact): ContractTermsRecord {
  const t = c.terms
  return {
    contractCode: c.code,
    weeklyHours: t.weeklyHours,
    monthlyPayments: t.extraMonths,
    referenceLevel: c.pay.refLevel,
    ...(t.cassaEdile ? { cassaEdile: t.cassaEdile } : {}),
    probation: t.probation.map(([who, duration]) => ({ who, duration })),
    notice: {
      heads: t.noticeHead,
      rows: t.notice.map(([who = '', ...durations]) => ({ who, durations })),
    },
    sourceNote: `Testo consolidato del ${c.title}, accordo di rinnovo del ${dateIt(c.signedOn)}.`,
    ...(labourCostFacts.terms[String(c.code)] ? { labourCost: labourCostFacts.terms[String(c.code)] } : {}),
  }
}

/**
 * Refuses a demo set in which two contracts have the same probation table or
 * the same notice table: each contract's terms are its own, and a table
 * copied from another contract would be shown as if it were.
 */
export function assertDistinctTermTables(records: readonly ContractTermsRecord[]): void {
  const tables = [
    ['periodo di prova', (r: ContractTermsRecord) => (r.probation.length > 0 ? r.probation : null)],
    ['preavviso', (r: ContractTermsRecord) => r.notice ?? null],
  ] as const
  for (const [name, table] of tables) {
    const owner = new Map<string, number>()
    for (const record of records) {
      const value = table(record)
      if (!value) continue
      const key = JSON.stringify(value)
      const other = owner.get(key)
      if (other !== undefined)
        throw new Error(
          `I contratti ${other} e ${record.contractCode} hanno la stessa tabella di ${name}: ogni contratto deve avere le proprie condizioni.`,
        )
      owner.set(key, record.contractCode)
    }
  }
}

/** The consolidated text of a contract (long for the rich contracts, core articles otherwise). */
export function consolidatedText(c: ContractFact, code: number, seed: string): ContractTextRecord {
  const doc = buildNationalDocument(c, {
    full: c.rich,
    heading: `${c.title} – testo consolidato`,
    payDate: demoToday,
    random: createRandom(`${seed}:text:${c.code}`),
    topicBase: code * 100,
    ...(c.rich
      ? {
          editorialNote:
            'Il presente testo coordinato ha valore informativo: in caso di difformità prevalgono i testi degli accordi sottoscritti dalle parti e depositati presso il CNEL.',
        }
      : {}),
  })
  return nationalText(
    code,
    c,
    'consolidated',
    'CCNL',
    `${c.title} – testo consolidato`,
    c.signedOn,
    doc,
    c.validFrom,
  )
}

const seed = 'bancadati-demo-2026'
const NEWS_FORK = 'news'

/** Builds the whole demo data set in memory (deterministic). */
export async function buildDemoData(): Promise<PackageData> {
  const contractTerms = contractFacts.map(contractTermsRecord)
  assertDistinctTermTables(contractTerms)
  const random = createRandom(seed)
  const { regions, provinces } = loadIstat()
  const media = new Map<string, Uint8Array | string>()
  for (const s of sectorFacts) media.set(s.image, sectorSvg(s))

  const contractTexts: ContractTextRecord[] = []
  for (const c of contractFacts) {
    contractTexts.push(consolidatedText(c, c.code * 10 + 1, seed))
    if (c.rich) {
      const renewal = buildRenewalDocument(c, (c.code * 10 + 2) * 100)
      contractTexts.push(
        nationalText(
          c.code * 10 + 2,
          c,
          'archive',
          'ACC',
          `Accordo di rinnovo del ${dateLong(c.signedOn)}`,
          c.signedOn,
          renewal,
          c.validFrom,
        ),
      )
    }
    const previous = c.previousEdition
    if (previous) {
      // The earlier edition keeps the newer one's structure and wording (the same random
      // choices) except where the renewal changed it, so that a redline shows the changes.
      const doc = buildNationalDocument(contractAsOf(c, previous), {
        full: c.rich,
        heading: `${c.title} – testo del ${dateLong(previous.date)}`,
        payDate: c.pay.tranches[0]?.date ?? previous.date,
        random: createRandom(`${seed}:text:${c.code}`),
        topicBase: (c.code * 10 + 3) * 100,
        previous,
      })
      contractTexts.push(
        nationalText(
          c.code * 10 + 3,
          c,
          'archive',
          'CCNL',
          `${c.title} – edizione del ${dateLong(previous.date)}`,
          previous.date,
          doc,
          previous.validFrom,
        ),
      )
    }
  }

  let topicBase = 900_000
  const territorial = buildTerritorial(
    new Map(contractFacts.map((c) => [c.code, c])),
    new Map(provinces.map((p) => [p.code, p])),
    new Map(regions.map((r) => [r.code, r])),
    random.fork('territorial'),
    () => (topicBase += 100),
  )
  contractTexts.push(...territorial.texts)

  const summaries: SummaryRecord[] = []
  const pdfSummaries = new Set([19, 10])
  for (const c of contractFacts.filter((x) => x.rich)) {
    const category = c.categories[0]
    if (!category) continue
    for (const type of summaryTypes) {
      const doc = buildSummary(type, { contract: c, category, pay: category.pay ?? c.pay, today: demoToday })
      const { html, nav } = renderDocument(doc)
      const record: SummaryRecord = { categoryCode: category.code, type, title: doc.title, html, nav }
      if (type === 'schedesintetiche' && pdfSummaries.has(category.code)) {
        const file = `scheda-sintetica-${category.code}.pdf`
        media.set(file, await renderPdf(documentLines(doc), `${summaryTitles[type]} – ${c.shortTitle}`))
        record.pdf = file
      }
      if (type === 'schedesintetiche' && category.code === 19) record.demo = true
      summaries.push(record)
    }
  }

  const news = await buildNews(contractFacts, sectorFacts, demoToday, random.fork(NEWS_FORK))
  for (const [file, bytes] of news.media) media.set(file, bytes)

  return {
    sectors: sectorFacts.map((s) => ({ code: s.code, name: s.name, cnelName: s.cnelName })),
    contracts: contractFacts.map(contractRecord),
    categories: contractFacts.flatMap((c) =>
      c.categories.map((cat) => ({ code: cat.code, contractCode: c.code, name: cat.name })),
    ),
    contractMappings: contractFacts.flatMap((c) =>
      c.categories.map((cat) => ({ categoryCode: cat.code, contractCode: c.code })),
    ),
    textTypes,
    regions,
    provinces,
    companies: territorial.companies,
    contractTexts,
    payTables: contractFacts.flatMap((c) =>
      c.categories.flatMap((cat) => buildPayTables(cat.code, cat.pay ?? c.pay)),
    ),
    contractTerms,
    contributionRates: labourCostFacts.contributionRates,
    summaries,
    classifications: contractFacts.flatMap((c) =>
      c.categories.flatMap((cat) => classificationRecords(c, cat.code)),
    ),
    territorialPayTables: territorial.tables,
    news: news.news,
    // The everyday names are a package of their own (data/aliases): they apply to the CNEL list too.
    aliases: [],
    media,
  }
}

/** Writes the demo data set as a package into `dir` (replacing a previous package there). */
/** The demo feed as it reads on `today` (aaaa-mm-gg), with its attachments. */
export function buildDemoFeed(today: string): ReturnType<typeof buildNews> {
  return buildNews(contractFacts, sectorFacts, today, createRandom(seed).fork(NEWS_FORK))
}

/**
 * Writes a package holding only the demo feed as it reads on `today` (aaaa-mm-gg):
 * the same generator and draws as the shipped set, so the items both days cover
 * are the same records (same guid, same text).
 */
export async function writeDemoFeedPackage(dir: string, today: string): Promise<{ news: number }> {
  const { news, media } = await buildNews(
    contractFacts,
    sectorFacts,
    today,
    createRandom(seed).fork(NEWS_FORK),
  )
  const writer = await createPackageWriter(dir, {
    name: `Quotidiano dimostrativo del ${dateIt(today)}`,
    createdAt: `${today}T00:00:00Z`,
  })
  for (const record of news) await writer.write('news', record)
  for (const [file, bytes] of [...media.entries()].sort(([a], [b]) => a.localeCompare(b)))
    await writer.addMedia(file, bytes)
  await writer.finish()
  return { news: news.length }
}

export async function writeDemoPackage(dir: string): Promise<{ counts: Record<string, number> }> {
  const data = await buildDemoData()
  const writer = await createPackageWriter(dir, { name: demoName, createdAt: demoCreatedAt })
  const records: { [K in EntityName]: EntityRecords[K][] } = data
  const writeEntity = async <K extends EntityName>(entity: K) => {
    for (const record of records[entity]) await writer.write(entity, record)
  }
  for (const entity of entityOrder) await writeEntity(entity)
  for (const [file, bytes] of [...data.media.entries()].sort(([a], [b]) => a.localeCompare(b)))
    await writer.addMedia(file, bytes)
  const { counts } = await writer.finish()
  return { counts: counts as Record<string, number> }
}
