/**
 * The contract database routes of the REST API (/api/v1), with the path
 * shapes of the specification (matched case-insensitively by the API).
 * Lists, navigation and topic trees, the demo summary and the contract
 * search are public; content bodies answer 401 to visitors without the
 * entitlement. Anonymous callers of the routes that are not public are
 * refused by the API before their input is read (modules/api gate.ts).
 */
import { z } from '@hono/zod-openapi'
import { createRouter } from '../http/index.ts'
import { it } from '../i18n/index.ts'
import { AppError } from '../platform/index.ts'
import { searchAnswerJson } from '../search/index.ts'
import {
  assertOwnAccount,
  categoryList,
  favouriteCodes,
  isFavourite,
  logView,
  mostConsulted,
  recentCodes,
  toggleFavourite,
} from './activity.ts'
import {
  getCategory,
  getContract,
  getSector,
  listCategories,
  listContractMappings,
  listContracts,
  listSectors,
  listTextTypes,
} from './catalog.ts'
import { getSchemeCodes } from './classifications.ts'
import { searchContracts } from './contract-search.ts'
import { payTableCsv, payTableXlsx } from './export.ts'
import { getPayTable, listEffectiveDates } from './pay-tables.ts'
import { createPrintToken, verifyPrintToken } from './print-token.ts'
import { printDocument, printTypes } from './print.ts'
import { getSummary, summaryPdf, summaryTree, summaryTypes } from './summaries.ts'
import {
  companyTables,
  companyTexts,
  listCompanies,
  listRegions,
  provinceTables,
  territorialTable,
  territorialTableTree,
  territorialTexts,
} from './territorial.ts'
import { getText, getTextSummary, nationalTexts, searchText, textNavigation, textTopics } from './texts.ts'
import {
  contractHit,
  code,
  text,
  dayParam,
  bodyOf,
  registerContractOptions,
  routeAdder,
} from './route-kit.ts'

/** The routes, mounted by the API at its base path. */
export function databaseRoutes() {
  const router = createRouter()

  // Registered before /contratti/{id}; reads no session, so any visitor and any cache may keep it.
  registerContractOptions(router)

  const add = routeAdder(router)

  // Catalogue (public).
  add({ path: '/settori', tag: 'Banca dati', summary: 'Settori' }, async () =>
    (await listSectors()).map((s) => ({ codiceSettore: s.code, descrizioneSettore: s.name })),
  )
  add(
    { path: '/settori/{id}', tag: 'Banca dati', summary: 'Un settore', params: z.object({ id: code }) },
    async (_c, { params }) => {
      const sector = await getSector(params.id)
      return { codiceSettore: sector.code, descrizioneSettore: sector.name }
    },
  )
  add({ path: '/contratti', tag: 'Banca dati', summary: 'Contratti' }, async () =>
    (await listContracts()).map((contract) => ({
      codiceContratto: contract.code,
      codiceSettore: contract.sectorCode,
      descrizione: contract.title,
      codiceCnel: contract.cnelCode,
    })),
  )
  add(
    { path: '/contratti/{id}', tag: 'Banca dati', summary: 'Un contratto', params: z.object({ id: code }) },
    async (_c, { params }) => {
      const contract = await getContract(params.id)
      return {
        codiceContratto: contract.code,
        codiceSettore: contract.sectorCode,
        descrizione: contract.title,
        codiceCnel: contract.cnelCode,
        notaPubblicata: contract.noteHtml ?? '',
      }
    },
  )
  add(
    { path: '/categorie/piuconsultate', tag: 'Banca dati', summary: 'Categorie più consultate' },
    async (_c, _i, reader) => mostConsulted(reader.user?.id ?? null),
  )
  add(
    {
      path: '/categorie/recent',
      tag: 'Banca dati',
      summary: 'Categorie consultate di recente',
      account: true,
    },
    async (_c, _i, reader) => {
      const userId = reader.user?.id ?? ''
      return categoryList(await recentCodes(userId), userId)
    },
  )
  add(
    { path: '/contrattipreferiti', tag: 'Preferiti', summary: 'Categorie preferite', account: true },
    async (_c, _i, reader) => {
      const userId = reader.user?.id ?? ''
      return categoryList(await favouriteCodes(userId), userId)
    },
  )
  add({ path: '/categorie', tag: 'Banca dati', summary: 'Categorie' }, async (_c, _i, reader) => {
    const codes = (await listCategories()).map((category) => category.code)
    const list = await categoryList(codes, reader.user?.id ?? null)
    return list.categorie.map((entry) => ({
      codiceSettore: entry.sectorCode,
      codiceContratto: entry.contractCode,
      codiceCategoria: entry.categoryCode,
      descrizioneSettore: entry.sectorName,
      descrizioneContratto: entry.contractTitle,
      descrizioneCategoria: entry.categoryName,
      isFavorite: entry.isFavorite,
    }))
  })
  add(
    { path: '/categorie/{id}', tag: 'Banca dati', summary: 'Una categoria', params: z.object({ id: code }) },
    async (_c, { params }) => bodyOf(await getCategory(params.id)),
  )
  add(
    {
      method: 'post',
      path: '/categorie/logview/{categoryCode}',
      tag: 'Banca dati',
      summary: 'Registra la consultazione di una categoria',
      params: z.object({ categoryCode: code }),
    },
    async (_c, { params }, reader) => {
      await logView(reader.user?.id ?? null, params.categoryCode)
      return { ok: true }
    },
  )
  add({ path: '/raccordocontratti', tag: 'Banca dati', summary: 'Raccordo contratti' }, async () =>
    (await listContractMappings()).map((row) => ({
      codiceContrattoWerte: row.categoryCode,
      codiceContrattoNuovo: row.contractCode,
    })),
  )
  add({ path: '/tipisia', tag: 'Banca dati', summary: 'Tipi di testo' }, async () =>
    (await listTextTypes()).map((type) => ({ codTipo: type.code, descrizione: type.name })),
  )
  add(
    {
      path: '/ccnlsearch/ccnl/{text}',
      tag: 'Banca dati',
      summary: 'Ricerca dei contratti',
      params: z.object({ text: text(200) }),
    },
    async (_c, { params }, reader) => {
      const answer = async (favourites: Set<number>) =>
        (await searchContracts(params.text)).map((hit) => contractHit(hit, favourites))
      // Without an account the answer is everyone's: serialised once and kept with the search results.
      if (!reader.user)
        return new Response(await searchAnswerJson(`contracts:${params.text}`, () => answer(new Set())), {
          headers: {
            'content-type': 'application/json; charset=utf-8',
            'cache-control': 'private, no-store',
          },
        })
      return answer(new Set(await favouriteCodes(reader.user.id)))
    },
  )

  // Favourites (the account's own only).
  const favouriteParams = z.object({ uid: text(100), categoryCode: code })
  add(
    {
      path: '/user/checkfavoriteccnl/{uid}/{categoryCode}',
      tag: 'Preferiti',
      summary: 'La categoria è tra i preferiti?',
      params: favouriteParams,
      account: true,
      errors: [400, 403],
    },
    async (_c, { params }, reader) => {
      assertOwnAccount(params.uid, reader.user?.id ?? '')
      return isFavourite(params.uid, params.categoryCode)
    },
  )
  add(
    {
      method: 'post',
      path: '/user/toggleccnltofavorites/{uid}/{categoryCode}',
      tag: 'Preferiti',
      summary: 'Aggiunge o toglie una categoria dai preferiti',
      params: favouriteParams,
      account: true,
      errors: [400, 403, 404],
    },
    async (_c, { params }, reader) => {
      assertOwnAccount(params.uid, reader.user?.id ?? '')
      const favourite = await toggleFavourite(params.uid, params.categoryCode)
      return {
        isFavorite: favourite,
        message: favourite ? it.database.favourites.added : it.database.favourites.removed,
      }
    },
  )

  // Pay tables.
  add(
    {
      path: '/tabelleretributive/decorrenze/byCategoria/{cod}',
      tag: 'Tabelle retributive',
      summary: 'Decorrenze delle tabelle di una categoria',
      params: z.object({ cod: code }),
    },
    async (_c, { params }) =>
      (await listEffectiveDates(params.cod)).map((date) => ({
        id: date.id,
        decorrenza: date.decorrenza,
        storica: date.historical,
      })),
  )
  const tableParams = z.object({ cod: code, data: text(10) })
  add(
    {
      path: '/tabelleretributive/byCategoria/{cod}/decorrenza/{data}',
      tag: 'Tabelle retributive',
      summary: 'Tabella retributiva di una decorrenza',
      params: tableParams,
      account: true,
    },
    async (_c, { params }, reader) => {
      const table = await getPayTable(reader, params.cod, dayParam(params.data))
      return { decorrenza: table.decorrenza, tabella: table.tabella, livelli: table.livelli }
    },
  )
  add(
    {
      path: '/tabelleretributive/byCategoria/{cod}/decorrenza/{data}/csv',
      tag: 'Tabelle retributive',
      summary: 'Tabella retributiva in CSV (con intestatario e Riproduzione Riservata)',
      params: tableParams,
      account: true,
    },
    async (_c, { params }, reader) => {
      const file = await payTableCsv(reader, params.cod, dayParam(params.data))
      return new Response(file.csv, {
        headers: {
          'content-type': 'text/csv; charset=utf-8',
          'content-disposition': `attachment; filename="${file.name}"`,
          'cache-control': 'private, no-store',
        },
      })
    },
  )
  add(
    {
      path: '/tabelleretributive/byCategoria/{cod}/decorrenza/{data}/xlsx',
      tag: 'Tabelle retributive',
      summary: 'Tabella retributiva in XLSX (con intestatario e Riproduzione Riservata)',
      params: tableParams,
      account: true,
    },
    async (_c, { params }, reader) => {
      const file = await payTableXlsx(reader, params.cod, dayParam(params.data))
      return new Response(new Uint8Array(file.data), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="${file.name}"`,
          'cache-control': 'private, no-store',
        },
      })
    },
  )
  add(
    {
      path: '/tabelleretributive/note/categoria/{cod}/decorrenza/{data}',
      tag: 'Tabelle retributive',
      summary: 'Nota della tabella retributiva',
      params: tableParams,
      account: true,
    },
    async (_c, { params }, reader) => {
      const table = await getPayTable(reader, params.cod, dayParam(params.data))
      return { interoHTML: table.noteHtml }
    },
  )

  // National texts.
  const byContract = z.object({ cod: code })
  add(
    {
      path: '/contratti/testi/nazionale/consolidato/byContratto/{cod}',
      tag: 'Testi',
      summary: 'Testo consolidato di un contratto',
      params: byContract,
    },
    async (_c, { params }) => (await nationalTexts(params.cod)).consolidated,
  )
  add(
    {
      path: '/contratti/testi/nazionale/byContratto/{cod}',
      tag: 'Testi',
      summary: 'Archivio storico dei testi di un contratto',
      params: byContract,
    },
    async (_c, { params }) => (await nationalTexts(params.cod)).archive,
  )
  const byText = z.object({ id: code })
  add(
    {
      path: '/contratti/testi/nazionale/navigazione/{id}',
      tag: 'Testi',
      summary: 'Indice di un testo',
      params: byText,
    },
    async (_c, { params }) => ({ d: await textNavigation(params.id) }),
  )
  add(
    {
      path: '/contratti/testi/nazionale/consolidato/navigazione/{id}',
      tag: 'Testi',
      summary: 'Indice del testo consolidato',
      params: byText,
    },
    async (_c, { params }) => ({ d: await textNavigation(params.id) }),
  )
  add(
    {
      path: '/contratti/testi/nazionale/consolidato/alberoargomenti/{id}',
      tag: 'Testi',
      summary: 'Argomenti del testo consolidato',
      params: byText,
    },
    async (_c, { params }) => textTopics(params.id),
  )
  add(
    {
      path: '/contratti/testi/nazionale/consolidato/byTesto/{id}',
      tag: 'Testi',
      summary: 'Testo consolidato integrale',
      params: byText,
      account: true,
    },
    async (_c, { params }, reader) => getText(reader, params.id, 'consolidated'),
  )
  const searchParams = z.object({ id: code, query: text(200) })
  add(
    {
      path: '/contratti/testi/nazionale/consolidato/byTesto/{id}/ricerca/{query}',
      tag: 'Testi',
      summary: 'Ricerca nel testo consolidato',
      params: searchParams,
      account: true,
    },
    async (_c, { params }, reader) => {
      const summary = await getTextSummary(params.id)
      if (summary.edizione !== 'consolidated')
        throw new AppError('not_found', it.database.errors.textNotFound)
      return searchText(reader, params.id, params.query)
    },
  )
  add(
    {
      path: '/contratti/testi/nazionale/byTesto/{id}/ricerca/{query}',
      tag: 'Testi',
      summary: 'Ricerca in un testo',
      params: searchParams,
      account: true,
    },
    async (_c, { params }, reader) => searchText(reader, params.id, params.query),
  )
  add(
    {
      path: '/contratti/testi/nazionale/{id}',
      tag: 'Testi',
      summary: 'Testo integrale',
      params: byText,
      account: true,
    },
    async (_c, { params }, reader) => getText(reader, params.id),
  )

  // Summaries: the PDF, then per type the document and its index tree.
  add(
    {
      path: '/schedesintetiche/{cod}/pdf',
      tag: 'Sintesi',
      summary: 'PDF della scheda sintetica',
      params: z.object({ cod: code }),
      account: true,
    },
    async (_c, { params }, reader) => {
      const pdf = await summaryPdf(reader, params.cod)
      return new Response(new Uint8Array(pdf.content), {
        headers: {
          'content-type': 'application/pdf',
          'content-disposition': `inline; filename="${pdf.name.replace(/[^\w.-]/g, '_')}"`,
          'cache-control': 'private, no-store',
        },
      })
    },
  )
  for (const type of summaryTypes) {
    add(
      {
        path: `/${type}/albero/{categoria}`,
        tag: 'Sintesi',
        summary: `Indice: ${it.database.summaries.types[type]}`,
        params: z.object({ categoria: code }),
      },
      async (_c, { params }) => ({ d: await summaryTree(params.categoria, type) }),
    )
    add(
      {
        path: `/${type}/{categoria}`,
        tag: 'Sintesi',
        summary: it.database.summaries.types[type],
        params: z.object({ categoria: code }),
        errors: [400, 401, 404],
      },
      async (_c, { params }, reader) => {
        const summary = await getSummary(reader, params.categoria, type)
        return { ...summary, avviso: summary.demo ? it.database.summaries.demo : null }
      },
    )
  }

  // Classifications.
  for (const [segment, scheme] of [
    ['ccnlinps', 'INPS'],
    ['cnel', 'CNEL'],
    ['ateco', 'ATECO'],
  ] as const) {
    add(
      {
        path: `/${segment}/byCategoria/{id}`,
        tag: 'Classificazioni',
        summary: `Codici ${scheme} di una categoria`,
        params: z.object({ id: code }),
        account: true,
      },
      async (_c, { params }, reader) => getSchemeCodes(reader, params.id, scheme),
    )
  }

  // Territorial and company bargaining.
  add(
    {
      path: '/territori/byContrattoCategoria/{contract}/{category}',
      tag: 'Territoriale',
      summary: 'Regioni e province con documenti',
      params: z.object({ contract: code, category: code }),
    },
    async (_c, { params }) => listRegions(params.contract, params.category),
  )
  add(
    {
      path: '/aziende/byContratto/{contract}',
      tag: 'Territoriale',
      summary: 'Aziende con accordi',
      params: z.object({ contract: code }),
    },
    async (_c, { params }) => listCompanies(params.contract),
  )
  add(
    {
      path: '/territoriali/testi/byContrattoRegione/{contract}/{region}',
      tag: 'Territoriale',
      summary: 'Testi territoriali di una regione',
      params: z.object({ contract: code, region: text(8) }),
      account: true,
    },
    async (_c, { params }, reader) =>
      territorialTexts(reader, params.contract, { regionCode: params.region }),
  )
  add(
    {
      path: '/territoriali/testi/byContrattoProvincia/{contract}/{province}',
      tag: 'Territoriale',
      summary: 'Testi territoriali di una provincia',
      params: z.object({ contract: code, province: text(8) }),
      account: true,
    },
    async (_c, { params }, reader) =>
      territorialTexts(reader, params.contract, { provinceCode: params.province.toUpperCase() }),
  )
  add(
    {
      path: '/contratti/testi/byAzienda/{company}',
      tag: 'Territoriale',
      summary: 'Testi aziendali',
      params: z.object({ company: code }),
      account: true,
    },
    async (_c, { params }, reader) => companyTexts(reader, params.company),
  )
  add(
    {
      path: '/territoriali/tabelle/decorrenze/aziendali/{company}',
      tag: 'Territoriale',
      summary: 'Tabelle aziendali',
      params: z.object({ company: code }),
      account: true,
    },
    async (_c, { params }, reader) => companyTables(reader, params.company),
  )
  add(
    {
      path: '/territoriali/tabelle/decorrenze/{category}/{province}',
      tag: 'Territoriale',
      summary: 'Tabelle territoriali di una provincia',
      params: z.object({ category: code, province: text(8) }),
      account: true,
    },
    async (_c, { params }, reader) => provinceTables(reader, params.category, params.province.toUpperCase()),
  )
  add(
    {
      path: '/territoriali/tabelle/{id}/albero',
      tag: 'Territoriale',
      summary: 'Indice di una tabella territoriale',
      params: z.object({ id: text(64) }),
      account: true,
    },
    async (_c, { params }) => ({ d: await territorialTableTree(params.id) }),
  )
  add(
    {
      path: '/territoriali/tabella/{codice}',
      tag: 'Territoriale',
      summary: 'Tabella territoriale',
      params: z.object({ codice: text(64) }),
      account: true,
    },
    async (_c, { params }, reader) => territorialTable(reader, params.codice),
  )

  // Print.
  const printTarget = z.object({ tipoDocumento: z.enum(printTypes), codiceRiferimento: text(64) })
  add(
    {
      method: 'post',
      path: '/stampa/token',
      tag: 'Stampa',
      summary: 'Token di stampa (10 minuti, solo per quel documento)',
      body: printTarget,
      account: true,
    },
    async (_c, { body }, reader) => {
      // The caller must be able to print the document now: the token never widens access.
      await printDocument(reader, body.tipoDocumento, body.codiceRiferimento)
      const token = createPrintToken(reader.user?.id ?? '', body.tipoDocumento, body.codiceRiferimento)
      return {
        token,
        url: `/stampa/${body.tipoDocumento}/${encodeURIComponent(body.codiceRiferimento)}?token=${token}`,
      }
    },
  )
  add(
    {
      path: '/stampa/{tipoDocumento}/{codiceRiferimento}',
      tag: 'Stampa',
      summary: 'Documento da stampare',
      params: z.object({ tipoDocumento: text(40), codiceRiferimento: text(64) }),
      query: z.object({ token: z.string().max(2000).optional() }),
      account: true,
    },
    async (c, { params, query }, reader) => {
      const bearer = c.req.header('authorization')?.replace(/^Bearer\s+/i, '')
      const token = (query as { token?: string }).token ?? bearer ?? ''
      const owner = verifyPrintToken(token, params.tipoDocumento, params.codiceRiferimento)
      if (!owner || owner !== reader.user?.id) {
        throw new AppError('unauthorized', it.database.errors.printTokenInvalid)
      }
      return printDocument(reader, params.tipoDocumento, params.codiceRiferimento)
    },
  )

  return router
}
