/**
 * The answers of the contract database's calls (content spec §3, §7) as zod
 * schemas: the OpenAPI document, the typed client (`hono/client`) and the
 * answers test (tests/authz-matrix) read them; the routes' handlers are typed by them.
 */
import { z } from '@hono/zod-openapi'
import { confederations, summaryTypes, type TreeNode } from '../content/index.ts'

const int = z.number().int()
const day = (description: string) => z.string().openapi({ description })

export const SectorSchema = z
  .object({ codiceSettore: int, descrizioneSettore: z.string() })
  .openapi('Settore')

export const ContractSchema = z
  .object({
    codiceContratto: int,
    codiceSettore: int,
    descrizione: z.string(),
    codiceCnel: z.string().nullable().openapi({ description: 'Codice CNEL del contratto, se noto' }),
  })
  .openapi('Contratto')

/** Who signed an agreement and what the CNEL archive says of them. */
export const RepresentativenessSchema = z
  .object({
    rappresentatoAlCnel: z
      .boolean()
      .openapi({ description: 'Sottoscritto da organizzazioni rappresentate al CNEL' }),
    datorialeCnel: z.boolean().openapi({ description: 'Parte datoriale rappresentata al CNEL' }),
    sindacatoCnel: z.boolean().openapi({ description: 'Parte sindacale rappresentata al CNEL' }),
    confederazioni: z
      .array(z.enum(confederations as [string, ...string[]]))
      .openapi({ description: 'Le confederazioni firmatarie', example: ['cgilCislUil', 'confcommercio'] }),
    piuRappresentativo: z.boolean().openapi({
      description:
        'Firmatari più rappresentativi secondo il CNEL: l’archivio CNEL indica CGIL, CISL e UIL e una parte datoriale rappresentata al CNEL (un indizio della maggiore rappresentatività comparata, non un suo accertamento)',
    }),
  })
  .openapi('Rappresentativita')

export const ContractDetailSchema = ContractSchema.extend({
  notaPubblicata: z.string().openapi({ description: 'Nota del contratto (HTML), vuota se assente' }),
  firmatari: z
    .object({
      datoriali: z.array(z.string()).openapi({ example: ['Confcommercio - Imprese per l’Italia'] }),
      sindacali: z.array(z.string()).openapi({ example: ['FILCAMS-CGIL', 'FISASCAT-CISL', 'UILTUCS'] }),
    })
    .openapi({ description: 'Le organizzazioni firmatarie, parte datoriale e parte sindacale' }),
  primoDeposito: day('Data del primo deposito al CNEL (aaaa-mm-gg)').nullable(),
  scadenza: day('Scadenza del contratto (aaaa-mm-gg)').nullable(),
  vigenza: z
    .object({
      stato: z.enum(['scaduto', 'in vigore']),
      data: day('Scadenza (aaaa-mm-gg): scaduto il, oppure in vigore fino al'),
    })
    .nullable()
    .openapi({
      description: 'Scaduto (si applica fino al rinnovo: ultrattività) o in vigore; null senza scadenza',
    }),
  rappresentativita: RepresentativenessSchema,
}).openapi('ContrattoDettaglio')

export const ContractOptionSchema = z
  .object({
    code: int.openapi({ example: 133 }),
    name: z.string().openapi({ example: 'CCNL Terziario, distribuzione e servizi – Confcommercio' }),
    sectorCode: int.openapi({ example: 11 }),
  })
  .openapi('OpzioneContratto')

/** A category with its contract and sector, as the lists (recenti, preferiti, più consultate) give it. */
export const CategoryEntrySchema = z
  .object({
    sectorCode: int,
    sectorName: z.string(),
    contractCode: int,
    contractTitle: z.string(),
    contractShortTitle: z.string().nullable(),
    categoryCode: int,
    categoryName: z.string(),
    isFavorite: z.boolean(),
  })
  .openapi('VoceCategoria')

export const CategoryListSchema = z
  .object({
    categorie: z.array(CategoryEntrySchema),
    paths: z
      .array(z.string())
      .openapi({ description: 'Indirizzo della pagina di ogni categoria, nello stesso ordine' }),
  })
  .openapi('ElencoCategorie')

/** A category of `GET /categorie`. */
export const CategoryRowSchema = z
  .object({
    codiceSettore: int,
    codiceContratto: int,
    codiceCategoria: int,
    descrizioneSettore: z.string(),
    descrizioneContratto: z.string(),
    descrizioneCategoria: z.string(),
    isFavorite: z.boolean(),
  })
  .openapi('CategoriaInElenco')

export const CategorySchema = z
  .object({
    codiceContratto: int.openapi({ description: 'Il codice della categoria (nome della specifica)' }),
    codiceCategoria: int,
    descrizione: z.string(),
    codiceSettore: int,
    codiceContrattoNazionale: int,
  })
  .openapi('Categoria')

export const ContractMappingSchema = z
  .object({ codiceContrattoWerte: int, codiceContrattoNuovo: int })
  .openapi('RaccordoContratto')

export const TextTypeSchema = z.object({ codTipo: z.string(), descrizione: z.string() }).openapi('TipoTesto')

export const ContractHitSchema = z
  .object({
    codiceContratto: int,
    categoria: z.object({
      codiceSettore: int,
      codiceContratto: int,
      codiceCategoria: int,
      descrizioneSettore: z.string(),
      descrizioneContratto: z.string(),
      descrizioneCategoria: z.string(),
      codiceCnel: z.string().nullable(),
    }),
    isFavorite: z.boolean(),
  })
  .openapi('RisultatoRicercaContratto')

export const FavouriteToggledSchema = z
  .object({ isFavorite: z.boolean(), message: z.string() })
  .openapi('PreferitoAggiornato')

export const EffectiveDateSchema = z
  .object({
    id: int,
    decorrenza: day('Data di decorrenza, gg-mm-aaaa'),
    storica: z.boolean().openapi({ description: 'Precedente alla tabella in vigore (archivio storico)' }),
  })
  .openapi('Decorrenza')

/** A further element of a level's monthly pay (EDR, indennità di funzione…). */
const PayElementSchema = z.object({ voce: z.string(), importo: z.number() }).openapi('ElementoRetributivo')

const PayRowSchema = z
  .object({
    codiceLivello: z.string(),
    descrizione: z.string(),
    pagaBase: z.number(),
    contingenza: z.number(),
    terzoElemento: z.number(),
    altriElementi: z.array(PayElementSchema),
    totaleMensile: z.number().openapi({
      description: 'Paga base + contingenza + terzo elemento + altri elementi, in euro',
    }),
    importoScatto: z.number(),
    divisoreOrario: z.number(),
    divisoreGiornaliero: z.number(),
    oreGiornaliere: z.number().openapi({
      description: 'Ore di una giornata per chi è retribuito a ore (0 per gli altri)',
    }),
    pagaOraria: z
      .number()
      .nullable()
      .openapi({ description: 'Totale mensile / divisore orario, in euro; null senza divisore' }),
    pagaGiornaliera: z.number().nullable().openapi({
      description:
        'Ore giornaliere × paga oraria per chi è retribuito a ore, altrimenti totale mensile / divisore giornaliero, in euro; null senza divisore',
    }),
  })
  .openapi('RigaRetributiva')

export const PayTableSchema = z
  .object({
    decorrenza: day('Data di decorrenza, gg-mm-aaaa'),
    tabella: z.array(PayRowSchema),
    livelli: z.array(z.object({ codiceLivello: z.string(), descrizione: z.string() })),
  })
  .openapi('TabellaRetributiva')

export const HtmlNoteSchema = z.object({ interoHTML: z.string() }).openapi('NotaTabella')

export const TextSummarySchema = z
  .object({
    codiceTesto: int,
    titolo: z.string(),
    tipo: z.string(),
    data: day('Data del testo, aaaa-mm-gg'),
    decorrenza: day(
      'Decorrenza del testo (aaaa-mm-gg), quando si applica da un giorno diverso dalla sua data; null altrimenti',
    ).nullable(),
    ambito: z.enum(['national', 'territorial', 'company']),
    edizione: z.enum(['consolidated', 'archive']).nullable(),
    regione: z.string().nullable(),
    provincia: z.string().openapi({ description: '-1 per i testi nazionali' }),
    azienda: int.nullable(),
    codiceContratto: int,
  })
  .openapi('Testo')

/** 'Il testo in vigore al': the edition, the day it applies from and which of its dates that is. */
export const InForceSchema = TextSummarySchema.extend({
  vigenteDal: day('Giorno da cui l’edizione si applica (aaaa-mm-gg)'),
  criterio: z.enum(['decorrenza', 'data']).openapi({
    description:
      'La data su cui si basa la scelta: la decorrenza del testo o, se non è indicata, la data del testo',
  }),
}).openapi('TestoInVigore')

export const ContractTextSchema = TextSummarySchema.extend({ interoHTML: z.string() }).openapi(
  'TestoIntegrale',
)

/** A node of a navigation or index tree: `value` is the anchor of the section in the document. */
export const TreeNodeSchema: z.ZodType<TreeNode> = z
  .object({
    text: z.string(),
    value: z.string(),
    get children() {
      return z.array(TreeNodeSchema)
    },
  })
  .openapi('NodoIndice')

export const TreeSchema = z
  .object({ d: z.array(TreeNodeSchema).openapi({ description: 'I nodi di primo livello' }) })
  .openapi('Indice')

export const TopicTreeSchema = z
  .object({
    argomenti: z.array(z.object({ id: int, descrizione: z.string() })),
    nodi: z.array(z.object({ idArgomento: int, nodo: z.string(), testoNodo: z.string() })),
  })
  .openapi('AlberoArgomenti')

export const TextSearchSchema = z
  .object({
    testo: z.string().openapi({ description: 'Il testo (HTML) con le occorrenze evidenziate' }),
    nodi: z.array(z.object({ testo: z.string(), link: z.string(), occorrenze: int })),
    occorrenze: int,
  })
  .openapi('RicercaNelTesto')

export const SummarySchema = z
  .object({
    tipo: z.enum(summaryTypes),
    nome: z.string(),
    titolo: z.string(),
    pdf: z.boolean().openapi({ description: 'Il PDF della scheda è disponibile' }),
    demo: z.boolean(),
    categoryCode: int,
    interoHTML: z.string(),
    albero: z.array(TreeNodeSchema),
    avviso: z
      .string()
      .nullable()
      .openapi({ description: 'L’avviso della sintesi dimostrativa, altrimenti null' }),
  })
  .openapi('Sintesi')

export const ClassificationSchemas = {
  CNEL: z.array(z.object({ codice: z.string(), descrizioneContratto: z.string() }).openapi('CodiceCnel')),
  INPS: z.array(
    z
      .object({ codiceInps: z.string(), codiceCcnl: z.string(), descrizione: z.string(), nota: z.string() })
      .openapi('CodiceInps'),
  ),
  ATECO: z.array(z.object({ codiceAteco: z.string(), descrizione: z.string() }).openapi('CodiceAteco')),
} as const

const ProvinceSchema = z
  .object({ codiceProvincia: z.string(), codRegione: z.string(), descrizione: z.string() })
  .openapi('Provincia')

export const RegionSchema = z
  .object({ id: z.string(), descrizione: z.string(), province: z.array(ProvinceSchema) })
  .openapi('Regione')

export const CompanySchema = z.object({ idAzienda: int, descrizioneAzienda: z.string() }).openapi('Azienda')

export const TerritorialTableSchema = z
  .object({
    id: z.string(),
    decorrenza: day('Data di decorrenza, gg-mm-aaaa'),
    day: day('Data di decorrenza, aaaa-mm-gg'),
    titolo: z.string(),
  })
  .openapi('TabellaTerritoriale')

export const TerritorialTableTextSchema = TerritorialTableSchema.extend({
  testo: z.string().openapi({ description: 'La tabella (HTML)' }),
}).openapi('TabellaTerritorialeTesto')

export const PrintTokenSchema = z
  .object({
    token: z.string(),
    url: z.string().openapi({ description: 'La pagina di stampa del documento, con il token' }),
  })
  .openapi('TokenDiStampa')

export const PrintDocumentSchema = z
  .discriminatedUnion('kind', [
    z.object({ kind: z.literal('html'), titolo: z.string(), html: z.string() }),
    z.object({
      kind: z.literal('table'),
      titolo: z.string(),
      colonne: z.array(z.string()),
      righe: z.array(z.array(z.string())),
      notaHtml: z.string().optional(),
    }),
  ])
  .openapi('DocumentoDaStampare')

const CompareLevelSchema = z.object({ codiceLivello: z.string(), descrizione: z.string() })

/** The pay of the chosen level at the table in force, or why it is not shown. */
export const ComparedPaySchema = z
  .discriminatedUnion('stato', [
    z.object({
      stato: z.literal('mostrata'),
      decorrenza: day('Decorrenza della tabella in vigore (gg-mm-aaaa)'),
      livello: CompareLevelSchema,
      minimoMensile: z.number().openapi({
        description:
          'Tutti gli elementi della retribuzione mensile del livello: paga base, contingenza, terzo elemento e altri elementi (euro)',
      }),
      pagaBase: z.number(),
      contingenza: z.number(),
      terzoElemento: z.number(),
      altriElementi: z.array(PayElementSchema),
      minimoAnnuo: z.number().nullable().openapi({
        description:
          'Minimo mensile × mensilità del contratto (euro); null se le mensilità non sono in banca dati',
      }),
    }),
    z.object({ stato: z.literal('riservata').openapi({ description: 'Serve un abbonamento o la prova' }) }),
    z.object({ stato: z.literal('assente').openapi({ description: 'Nessuna tabella per la categoria' }) }),
  ])
  .openapi('RetribuzioneConfrontata')

/** The key terms of a contract (null when the database holds none). */
export const ContractTermsSchema = z
  .object({
    orarioSettimanale: z.number().nullable(),
    mensilita: int.nullable(),
    quattordicesima: z.boolean().nullable(),
    livelloRiferimento: z.string().nullable(),
    periodoProva: z.array(z.object({ who: z.string(), duration: z.string() })),
    preavviso: z
      .object({
        heads: z.array(z.string()),
        rows: z.array(z.object({ who: z.string(), durations: z.array(z.string()) })),
      })
      .nullable(),
    fonte: z.string().nullable(),
  })
  .openapi('CondizioniContratto')

export const ComparisonSchema = z
  .object({
    data: day('Giorno del confronto (aaaa-mm-gg)'),
    retribuzioniRiservate: z.boolean(),
    contratti: z.array(
      z.object({
        codiceContratto: int,
        codiceSettore: int,
        titolo: z.string(),
        titoloBreve: z.string().nullable(),
        codiceCnel: z.string().nullable(),
        categorie: z.array(
          z.object({ codiceCategoria: int, descrizione: z.string(), tabelleRetributive: z.boolean() }),
        ),
        categoria: z.object({ codiceCategoria: int, descrizione: z.string() }).nullable(),
        livelli: z.array(CompareLevelSchema),
        retribuzione: ComparedPaySchema,
        condizioni: ContractTermsSchema.nullable(),
        firmatari: z.object({ datoriali: z.array(z.string()), sindacali: z.array(z.string()) }),
        piuRappresentativo: z.boolean(),
        rappresentatoAlCnel: z.boolean(),
        confederazioni: z.array(z.string()),
        primoDeposito: z.string().nullable(),
        scadenza: z.string().nullable(),
        vigenza: z.enum(['inVigore', 'scaduto']).nullable(),
      }),
    ),
  })
  .openapi('ConfrontoContratti')
