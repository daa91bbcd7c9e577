/**
 * The operations of /api/v1 an anonymous caller may use, each with the
 * reason it is public. Every other operation answers 401 to an anonymous
 * caller before it validates its input or looks anything up (gate.ts).
 * Keys are `METHOD /api/v1/template`, as the OpenAPI document lists them.
 */
import { summaryTypes } from '../content/index.ts'

/** Why an operation is public; `anonymousMay`, when set, narrows it to the path parameters it accepts. */
export type PublicOperation = {
  reason: string
  anonymousMay?: (params: Record<string, string>) => boolean
}

/** A category code as the routes accept it (a positive 32-bit integer). */
const isCategoryCode = (value: string | undefined) =>
  value !== undefined && /^[1-9]\d{0,9}$/.test(value) && Number(value) <= 2_147_483_647

/** The catalogue of the contract database: names and codes its public pages show to every visitor. */
const CATALOGUE = 'Catalogue of the public database pages'

const summaryTrees = Object.fromEntries(
  summaryTypes.map((type) => [
    `GET /api/v1/${type}/albero/{categoria}`,
    {
      reason:
        'Index tree of a summary (headings only), shown on the public category page with links to the subscription banner.',
    },
  ]),
)

export const PUBLIC_OPERATIONS: Readonly<Record<string, PublicOperation>> = {
  // The service and the API's own description.
  'GET /api/v1/status': { reason: 'Liveness and version for monitoring; carries no data.' },
  'GET /api/v1/openapi.json': { reason: 'The API’s description, read by the reference page at /api/docs.' },
  'GET /api/v1/abbonamenti': {
    reason: 'The caller’s own access state; an anonymous caller learns only isAuthenticated: false.',
  },

  // Becoming a customer: the caller has no account yet.
  'POST /api/v1/user/trial-signup': { reason: 'Opens a trial account; rate-limited per address.' },
  'POST /api/v1/user/purchase-signup': { reason: 'Opens the account of a buyer; rate-limited per address.' },
  'GET /api/v1/linkedstudioaccounts/verifyinvite/{code}': {
    reason: 'Checks a Studio invitation before sign-up; the unguessable code is the credential.',
  },
  'POST /api/v1/linkedstudioaccounts/signup/{code}': {
    reason: 'Opens the account a Studio invitation is for; the unguessable code is the credential.',
  },
  'POST /api/v1/contacts/create-hs-contact': {
    reason: 'Marketing contact form of the public pages; rate-limited per address.',
  },
  'POST /api/v1/contacts/update-hs-profession': {
    reason: 'Marketing contact form of the public pages; rate-limited per address.',
  },
  'GET /api/v1/captcha/challenge': { reason: 'The proof-of-work challenge the public forms solve.' },
  'POST /api/v1/consenso-cookie': {
    reason: 'Records any visitor’s cookie choice, which the law asks for before any sign-in.',
  },

  // Plans and payments.
  'GET /api/v1/stripe/config': { reason: 'The publishable key, public by Stripe’s design.' },
  'GET /api/v1/stripe/products': { reason: 'The plans of the public price list.' },
  'GET /api/v1/stripe/products/{id}': { reason: 'A plan of the public price list.' },
  'GET /api/v1/stripe/prices': { reason: 'The prices of the public price list.' },
  'GET /api/v1/stripe/prices/{id}': { reason: 'A price of the public price list.' },
  'POST /api/v1/stripe/webhook': {
    reason: 'Called by Stripe’s servers, which prove themselves with the event’s signature, not a session.',
  },

  // The daily feed, whose pages are public.
  'GET /api/v1/notizie/homepage': { reason: 'The news lists of the public feed page.' },
  'GET /api/v1/changelog': { reason: 'The list of database updates of the public feed page.' },
  'GET /api/v1/notizie/settoripiuconsultati': { reason: 'The most-read sectors of the public feed page.' },
  'GET /api/v1/notizie/ricercaavanzata': { reason: 'The public feed search (titles and excerpts).' },
  'GET /api/v1/notizie/ricerca/{text}': { reason: 'The public feed search (titles and excerpts).' },
  'GET /api/v1/notizie/{year}/{month}/{slug}': {
    reason: 'An article, cut on the server for visitors without a subscription or trial.',
  },
  'POST /api/v1/notizie/viewed/{guid}': {
    reason: 'Counts a view of a public article page (most-read lists).',
  },
  'GET /api/v1/notizie/pertinenti/{guid}': { reason: 'Related articles listed on the public article page.' },
  'GET /api/v1/notizie/allegato/{guid}': {
    reason:
      'The name of an article’s attachment, shown on the public article page; the download needs access.',
  },

  // The catalogue of the contract database, shown on its public pages.
  'GET /api/v1/settori': { reason: `${CATALOGUE}: the sectors.` },
  'GET /api/v1/settori/{id}': { reason: `${CATALOGUE}: a sector.` },
  'GET /api/v1/contratti': { reason: `${CATALOGUE}: the contracts (names and codes).` },
  'GET /api/v1/contratti/{id}': { reason: `${CATALOGUE}: a contract and its public note.` },
  'GET /api/v1/contratti/opzioni': { reason: `${CATALOGUE}: the contracts of the search filters.` },
  'GET /api/v1/categorie': { reason: `${CATALOGUE}: the categories.` },
  'GET /api/v1/categorie/{id}': { reason: `${CATALOGUE}: a category.` },
  'GET /api/v1/categorie/piuconsultate': { reason: `${CATALOGUE}: the most-consulted categories.` },
  'POST /api/v1/categorie/logview/{categoryCode}': {
    reason: 'Counts a visit to a public category page (most-consulted list).',
  },
  'GET /api/v1/raccordocontratti': { reason: `${CATALOGUE}: the mapping of old to new contract codes.` },
  'GET /api/v1/tipisia': { reason: `${CATALOGUE}: the kinds of text.` },
  'GET /api/v1/ccnlsearch/ccnl/{text}': { reason: 'Contract search: names and codes only.' },
  'GET /api/v1/ateco/contratti': {
    reason:
      'Finder by activity (public ISTAT ATECO titles): contract and category names and codes, and the ATECO code that links them; the classification tables need a subscription.',
  },
  'GET /api/v1/tabelleretributive/decorrenze/byCategoria/{cod}': {
    reason:
      'Catalogue metadata: the effective dates of a category’s pay tables, so a visitor sees what a subscription opens; the tables need access.',
  },
  'GET /api/v1/contratti/testi/nazionale/consolidato/byContratto/{cod}': {
    reason: 'Catalogue metadata: titles and dates of a contract’s texts; the texts need access.',
  },
  'GET /api/v1/contratti/testi/nazionale/byContratto/{cod}': {
    reason: 'Catalogue metadata: titles and dates of a contract’s archived texts; the texts need access.',
  },
  'GET /api/v1/contratti/testi/nazionale/byContratto/{cod}/invigore/{data}': {
    reason:
      'Catalogue metadata: which edition of a contract’s text was in force on a day; the text needs access.',
  },
  'GET /api/v1/contratti/testi/nazionale/navigazione/{id}': {
    reason: 'Navigation tree of a text (headings only), with links to the subscription banner.',
  },
  'GET /api/v1/contratti/testi/nazionale/consolidato/navigazione/{id}': {
    reason: 'Navigation tree of a text (headings only), with links to the subscription banner.',
  },
  'GET /api/v1/contratti/testi/nazionale/consolidato/alberoargomenti/{id}': {
    reason: 'Topic tree of a text (headings only), with links to the subscription banner.',
  },
  ...summaryTrees,
  'GET /api/v1/schedesintetiche/{categoria}': {
    reason:
      'The demo summary, open to everyone; for any other category an anonymous caller gets 401, and a code that is not one gets 401 before validation.',
    anonymousMay: ({ categoria }) => isCategoryCode(categoria),
  },
  'GET /api/v1/territori/byContrattoCategoria/{contract}/{category}': {
    reason:
      'Catalogue metadata: which regions and provinces have territorial documents, shown with the Professional prompt; the documents need a Professional plan.',
  },
  'GET /api/v1/aziende/byContratto/{contract}': {
    reason:
      'Catalogue metadata: which companies have agreements, shown with the Professional prompt; the agreements need a Professional plan.',
  },
}

/** True when an anonymous caller may call the operation with these path parameters. */
export function isPublicOperation(operation: string, params: Record<string, string>): boolean {
  const entry = PUBLIC_OPERATIONS[operation]
  if (!entry) return false
  return entry.anonymousMay?.(params) ?? true
}
