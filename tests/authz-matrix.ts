/**
 * The authorization matrix: what every API operation and every page of the
 * two specifications answers to each kind of visitor. Read by
 * tests/authz-matrix.int.test.ts, which discovers the operations from the
 * OpenAPI document: an operation missing here fails the test, so a new route
 * is added to this table with its expected answers before it can ship.
 *
 * Columns, in this order: anonymous, trial, trial expired, Premium,
 * Professional, Studio owner, Studio secondary (the account linked to the
 * owner's Professional Studio subscription: it reads what a Professional
 * reads, and has no subscription of its own to manage).
 *
 * Sample paths use the demo data (sector 11, contract 133, category 19 whose
 * summary is the public demo, text 1331, company 9004) and placeholders filled
 * at run time: `:uid`, `:email`, `:customer`, `:subscription` are the caller's
 * own (for the anonymous column, those of the Premium account); `:newsGuid`,
 * `:newsYear`, `:newsMonth`, `:newsSlug` the latest news item; `:product`,
 * `:price` the first plan of the catalogue; `:payDate` the pay table in force.
 * Writes send `{}` as their body: a caller who may use the route gets past the
 * access check to the validation (400), one who may not is refused (401/403)
 * before it, so no row changes data it should not. The anonymous column is
 * 401 exactly for the operations missing from the API's list of public
 * operations (modules/api public-operations.ts).
 */

export const VISITOR_KINDS = [
  'anonymous',
  'trial',
  'trialExpired',
  'premium',
  'professional',
  'studioOwner',
  'studioSecondary',
] as const

export type Kind = (typeof VISITOR_KINDS)[number]

/** An HTTP status, or `→/path` for a redirect to that path. */
export type Outcome = number | `→${string}`
/** One outcome per kind, in the order of VISITOR_KINDS. */
export type Row = readonly [Outcome, Outcome, Outcome, Outcome, Outcome, Outcome, Outcome]

/** The same answer for everyone (public routes, and validation that runs before any identity check). */
const everyone = (outcome: Outcome): Row => [outcome, outcome, outcome, outcome, outcome, outcome, outcome]
/** Any signed-in account; anonymous callers get 401. */
const signedIn = (outcome: Outcome): Row => [401, outcome, outcome, outcome, outcome, outcome, outcome]
/** Content in force: trial and every subscription; not anonymous, not an expired trial. */
const IN_FORCE: Row = [401, 200, 401, 200, 200, 200, 200]
/** Summaries, classifications and tools beyond the trial: subscriptions only. */
const BEYOND_TRIAL: Row = [401, 401, 401, 200, 200, 200, 200]
/** Territorial and company bargaining: Professional plans only (the Studio's included). */
const PROFESSIONAL: Row = [401, 401, 401, 401, 200, 200, 200]
/**
 * The caller's own subscription or customer: 404 for accounts without one
 * (the Studio secondary is refused: it pays nothing itself), 200 for its holder.
 */
const OWN_BILLING: Row = [401, 404, 404, 200, 200, 200, 403]
/** The same, where the sample then fails validation or names an unknown plan for a holder. */
const ownBilling = (holder: Outcome): Row => [401, 404, 404, holder, holder, holder, 403]
/** Billing calls of any signed-in account except the Studio secondary, which pays nothing itself (403). */
const billing = (outcome: Outcome): Row => [401, outcome, outcome, outcome, outcome, outcome, 403]
/** The Studio owner's own calls: every other account is refused. */
const studioOwner = (outcome: Outcome): Row => [401, 403, 403, 403, 403, outcome, 403]

export type ApiRow = {
  /** The sample path under /api/v1; the operation's own path where it has no parameter. */
  path?: string
  expect: Row
  /**
   * For a write whose path names an account: a valid body (or a one-pixel picture), sent with another
   * account's identifiers in the path, so only the ownership check stands between the caller and the change.
   */
  attackBody?: Record<string, unknown> | 'picture'
}

/** A complete, valid billing address. */
const BILLING_ADDRESS = {
  name: 'Luca Romano',
  address: 'Via Appia Nuova 100',
  province: 'RM',
  zipCode: '00183',
  phone: '+39 06 1234567',
  city: 'Roma',
  state: 'IT',
  fiscalCode: 'RMNLCU80A01H501M',
}

/** The path a row calls under /api/v1: its sample, or the operation's own path. */
export function samplePath(operation: string, row: ApiRow): string {
  return row.path ?? operation.replace(/^[A-Z]+ \/api\/v1/, '')
}

/** Every operation of /api/v1, keyed `METHOD /api/v1/template` exactly as the OpenAPI document lists it. */
export const API_MATRIX: Record<string, ApiRow> = {
  // Status, session and account
  'GET /api/v1/status': { expect: everyone(200) },
  'GET /api/v1/abbonamenti': { expect: everyone(200) },
  'GET /api/v1/user/validatesession': { expect: signedIn(200) },
  'GET /api/v1/user/authenticatenewsession': { expect: signedIn(200) },
  'GET /api/v1/user/trial-expire': { expect: signedIn(200) },
  'POST /api/v1/user/trial-signup': { expect: everyone(400) },
  'POST /api/v1/contacts/create-hs-contact': { expect: everyone(400) },
  'POST /api/v1/contacts/update-hs-profession': { expect: everyone(400) },
  'POST /api/v1/user/setupsocial': { expect: signedIn(400) },
  'POST /api/v1/user/sendwelcomeemail': { expect: signedIn(200) },
  'POST /api/v1/user/change-password': { expect: signedIn(400) },
  'PATCH /api/v1/user/profile': { expect: signedIn(400) },
  // Deleting the account: the form's facts for any account; the deletion without its confirmation is a 400;
  // the demo accounts sign in with a password, so they are refused a mailed code (400).
  'GET /api/v1/user/elimina-account': { expect: signedIn(200) },
  'POST /api/v1/user/elimina-account': { expect: signedIn(400) },
  'POST /api/v1/user/elimina-account/codice': { expect: signedIn(400) },
  'POST /api/v1/user/change-email': { expect: signedIn(400) },
  // The demo personas' addresses are confirmed: the state says so and nothing is sent again.
  'GET /api/v1/user/email-confirmation': { expect: signedIn(200) },
  'POST /api/v1/user/email-confirmation': { expect: signedIn(200) },
  // A JSON body where a picture is expected: refused as the wrong media type, after the identity check.
  'POST /api/v1/user/{uid}/uploadprofilepicture': {
    path: '/user/:uid/uploadprofilepicture',
    expect: signedIn(415),
    attackBody: 'picture',
  },
  'GET /api/v1/user/profilepicture/{fileName}': {
    path: '/user/profilepicture/nessuna.png',
    expect: signedIn(404),
  },

  // Daily feed and notifications
  'GET /api/v1/notizie/homepage': { expect: everyone(200) },
  'GET /api/v1/changelog': { expect: everyone(200) },
  'GET /api/v1/notizie/settoripiuconsultati': { expect: everyone(200) },
  // Without any filter the advanced search asks for one.
  'GET /api/v1/notizie/ricercaavanzata': { expect: everyone(400) },
  'GET /api/v1/notizie/ricerca/{text}': { path: '/notizie/ricerca/ferie', expect: everyone(200) },
  // The latest item has no attachment: 404 for whoever may download attachments.
  'GET /api/v1/notizie/allegato/{guid}/download': {
    path: '/notizie/allegato/:newsGuid/download',
    expect: [401, 404, 401, 404, 404, 404, 404],
  },
  'GET /api/v1/notizie/{year}/{month}/{slug}': {
    path: '/notizie/:newsYear/:newsMonth/:newsSlug',
    expect: everyone(200),
  },
  'POST /api/v1/notizie/viewed/{guid}': { path: '/notizie/viewed/:newsGuid', expect: everyone(200) },
  'GET /api/v1/notizie/pertinenti/{guid}': { path: '/notizie/pertinenti/:newsGuid', expect: everyone(200) },
  'GET /api/v1/notizie/tags/{guid}': { path: '/notizie/tags/:newsGuid', expect: IN_FORCE },
  'GET /api/v1/notizie/allegato/{guid}': { path: '/notizie/allegato/:newsGuid', expect: everyone(404) },
  'GET /api/v1/notizie/preferite': { expect: signedIn(200) },
  'GET /api/v1/notizie/preferite/all': { expect: signedIn(200) },
  'GET /api/v1/notifications': { expect: signedIn(200) },
  'POST /api/v1/notifications/allread': { expect: signedIn(200) },
  'POST /api/v1/notifications/setread/{id}': { path: '/notifications/setread/1', expect: signedIn(404) },
  'GET /api/v1/user/email-subscription/{userId}': {
    path: '/user/email-subscription/:uid',
    expect: signedIn(200),
  },
  'POST /api/v1/user/register-email-subscription': { expect: signedIn(400) },
  'POST /api/v1/user/unregister-email-subscription': { expect: signedIn(400) },

  // Catalogue and billing
  'GET /api/v1/stripe/config': { expect: everyone(200) },
  'GET /api/v1/stripe/products': { expect: everyone(200) },
  'GET /api/v1/stripe/products/{id}': { path: '/stripe/products/:product', expect: everyone(200) },
  'GET /api/v1/stripe/prices': { expect: everyone(200) },
  'GET /api/v1/stripe/prices/{id}': { path: '/stripe/prices/:price', expect: everyone(200) },
  // Called by Stripe, proved by its signature (none here): refused whoever sends it.
  'GET /api/v1/stripe/launch-offer': { expect: billing(200) },
  'GET /api/v1/stripe/checkout-preview/{priceId}': {
    path: '/stripe/checkout-preview/:price',
    expect: billing(200),
  },
  'POST /api/v1/stripe/webhook': { expect: everyone(400) },
  'GET /api/v1/stripe/subscription/byemail/{mail}': {
    path: '/stripe/subscription/byemail/:email',
    expect: billing(200),
  },
  'GET /api/v1/stripe/subscription/bycustomeremail/{mail}': {
    path: '/stripe/subscription/bycustomeremail/:email',
    expect: billing(200),
  },
  'GET /api/v1/stripe/subscription/{id}': { path: '/stripe/subscription/:subscription', expect: OWN_BILLING },
  'POST /api/v1/stripe/subscription/refresh/{id}': {
    path: '/stripe/subscription/refresh/:subscription',
    expect: OWN_BILLING,
  },
  // The plan placeholder names no plan of the catalogue: a holder reaches the lookup and gets 404.
  'POST /api/v1/stripe/subscription/flip-subscription-renewal/{id}': {
    path: '/stripe/subscription/flip-subscription-renewal/sub_inesistente',
    expect: billing(404),
  },
  'POST /api/v1/stripe/subscription/create': { expect: billing(400) },
  'GET /api/v1/stripe/subscription/calculate-proration/{subscriptionId}/{productId}': {
    path: '/stripe/subscription/calculate-proration/:subscription/prod_inesistente',
    expect: ownBilling(404),
  },
  'POST /api/v1/stripe/subscription/upgrade-subscription/{subId}/{productId}': {
    path: '/stripe/subscription/upgrade-subscription/:subscription/prod_inesistente',
    expect: ownBilling(404),
  },
  'POST /api/v1/stripe/subscription/downgrade-subscription/{subId}/{productId}': {
    path: '/stripe/subscription/downgrade-subscription/:subscription/prod_inesistente',
    expect: ownBilling(404),
  },
  'POST /api/v1/stripe/customer/create': { expect: billing(400) },
  'GET /api/v1/stripe/customer/byemail/{mail}': {
    path: '/stripe/customer/byemail/:email',
    expect: billing(200),
  },
  'GET /api/v1/stripe/customer/{id}': { path: '/stripe/customer/:customer', expect: OWN_BILLING },
  'PATCH /api/v1/stripe/customer/update-customer-address/{id}': {
    path: '/stripe/customer/update-customer-address/:customer',
    expect: billing(400),
    attackBody: BILLING_ADDRESS,
  },
  'GET /api/v1/stripe/paymentmethods/bycustomer/{customerId}': {
    path: '/stripe/paymentmethods/bycustomer/:customer',
    expect: OWN_BILLING,
  },
  'PATCH /api/v1/stripe/paymentmethods/update-customer-card/{customerId}/{paymentMethodId}': {
    path: '/stripe/paymentmethods/update-customer-card/:customer/pm_inesistente',
    expect: ownBilling(400),
  },
  'POST /api/v1/stripe/paymentmethods/setdefaultpaymentmethod/{customerId}': {
    path: '/stripe/paymentmethods/setdefaultpaymentmethod/:customer',
    expect: billing(400),
    attackBody: { paymentMethodId: 'pm_card_visa' },
  },
  'GET /api/v1/stripe/invoices': { expect: billing(200) },
  // Another account's invoice is 403 (modules/billing's tests); an unknown one 404 for every payer.
  'GET /api/v1/stripe/invoices/{id}/pdf': {
    path: '/stripe/invoices/in_inesistente/pdf',
    expect: billing(404),
  },
  // The electronic invoice: another account's is 404 like an unknown one (modules/billing/einvoice's tests).
  'GET /api/v1/stripe/invoices/{id}/xml': {
    path: '/stripe/invoices/in_inesistente/xml',
    expect: billing(404),
  },
  'POST /api/v1/user/sendsubscriptionemail': { expect: billing(200) },
  'POST /api/v1/user/sendNotEligibleSubscriptionMail': { expect: billing(400) },

  'POST /api/v1/user/purchase-signup': { expect: everyone(400) },

  // Studio
  'GET /api/v1/linkedstudioaccounts/linkedto/{mail}': {
    path: '/linkedstudioaccounts/linkedto/:email',
    expect: studioOwner(200),
  },
  'POST /api/v1/linkedstudioaccounts/linkto/{mail}': {
    path: '/linkedstudioaccounts/linkto/:email',
    expect: studioOwner(400),
    attackBody: { accountEmail: 'invitato@example.test' },
  },
  // The address is the linked account's: the owner may not name one that is not linked to the Studio.
  'POST /api/v1/linkedstudioaccounts/unlink/{mail}': {
    path: '/linkedstudioaccounts/unlink/nessuno%40example.test',
    expect: signedIn(403),
  },
  'GET /api/v1/linkedstudioaccounts/verifyinvite/{code}': {
    path: '/linkedstudioaccounts/verifyinvite/codice-di-prova',
    expect: everyone(404),
  },
  'POST /api/v1/linkedstudioaccounts/activate/{code}': {
    path: '/linkedstudioaccounts/activate/codice-di-prova',
    expect: signedIn(404),
  },
  'POST /api/v1/linkedstudioaccounts/signup/{code}': {
    path: '/linkedstudioaccounts/signup/codice-di-prova',
    expect: everyone(400),
  },

  // Contract database
  'GET /api/v1/settori': { expect: everyone(200) },
  'GET /api/v1/settori/{id}': { path: '/settori/11', expect: everyone(200) },
  'GET /api/v1/contratti': { expect: everyone(200) },
  'GET /api/v1/contratti/{id}': { path: '/contratti/133', expect: everyone(200) },
  'GET /api/v1/contratti/opzioni': { path: '/contratti/opzioni?settore=11', expect: everyone(200) },
  'GET /api/v1/categorie/piuconsultate': { expect: everyone(200) },
  'GET /api/v1/categorie/recent': { expect: signedIn(200) },
  'GET /api/v1/contrattipreferiti': { expect: signedIn(200) },
  'GET /api/v1/categorie': { expect: everyone(200) },
  'GET /api/v1/categorie/{id}': { path: '/categorie/19', expect: everyone(200) },
  'POST /api/v1/categorie/logview/{categoryCode}': { path: '/categorie/logview/19', expect: everyone(200) },
  'GET /api/v1/raccordocontratti': { expect: everyone(200) },
  'GET /api/v1/tipisia': { expect: everyone(200) },
  'GET /api/v1/ccnlsearch/ccnl/{text}': { path: '/ccnlsearch/ccnl/terziario', expect: everyone(200) },
  'GET /api/v1/ateco/contratti': { path: '/ateco/contratti?q=ristorante', expect: everyone(200) },
  'GET /api/v1/user/checkfavoriteccnl/{uid}/{categoryCode}': {
    path: '/user/checkfavoriteccnl/:uid/19',
    expect: signedIn(200),
  },
  // Adding a favourite needs a trial in progress or a subscription (third attack round, point 4).
  'POST /api/v1/user/toggleccnltofavorites/{uid}/{categoryCode}': {
    path: '/user/toggleccnltofavorites/:uid/19',
    expect: [401, 200, 403, 200, 200, 200, 200],
  },
  'GET /api/v1/tabelleretributive/decorrenze/byCategoria/{cod}': {
    path: '/tabelleretributive/decorrenze/byCategoria/19',
    expect: everyone(200),
  },
  'GET /api/v1/tabelleretributive/byCategoria/{cod}/decorrenza/{data}': {
    path: '/tabelleretributive/byCategoria/19/decorrenza/:payDate',
    expect: IN_FORCE,
  },
  'GET /api/v1/tabelleretributive/byCategoria/{cod}/decorrenza/{data}/csv': {
    path: '/tabelleretributive/byCategoria/19/decorrenza/:payDate/csv',
    expect: IN_FORCE,
  },
  'GET /api/v1/tabelleretributive/byCategoria/{cod}/decorrenza/{data}/xlsx': {
    path: '/tabelleretributive/byCategoria/19/decorrenza/:payDate/xlsx',
    expect: IN_FORCE,
  },
  'GET /api/v1/tabelleretributive/note/categoria/{cod}/decorrenza/{data}': {
    path: '/tabelleretributive/note/categoria/19/decorrenza/:payDate',
    expect: IN_FORCE,
  },
  // The comparison: any account (the pay shows as reserved without a subscription or trial); its XLSX as a pay table.
  'GET /api/v1/confronto/contratti': {
    path: '/confronto/contratti?contratti=133:19:4,121:11',
    expect: signedIn(200),
  },
  'GET /api/v1/confronto/contratti/xlsx': {
    path: '/confronto/contratti/xlsx?contratti=133,121',
    expect: IN_FORCE,
  },
  // Two editions compared (Professional); the edition in force on a day (public).
  'GET /api/v1/contratti/testi/nazionale/confronto/{id}/{altro}': {
    path: '/contratti/testi/nazionale/confronto/1333/1331',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/contratti/testi/nazionale/byContratto/{cod}/invigore/{data}': {
    path: '/contratti/testi/nazionale/byContratto/133/invigore/01-01-2020',
    expect: everyone(200),
  },
  // The arrears calculator: Professional plans only.
  'GET /api/v1/contratti/arretrati/byCategoria/{cod}': {
    path: '/contratti/arretrati/byCategoria/19?livello=4&fine=31-12-2026&mensilita=14',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/contratti/arretrati/byCategoria/{cod}/xlsx': {
    path: '/contratti/arretrati/byCategoria/19/xlsx?livello=4&fine=31-12-2026&mensilita=14',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/contratti/arretrati/byCategoria/{cod}/pdf': {
    path: '/contratti/arretrati/byCategoria/19/pdf?livello=4&fine=31-12-2026&mensilita=14',
    expect: PROFESSIONAL,
  },
  // Many employees from a list: refused before the body is read; a JSON body then gets 415 (the list is a multipart upload).
  'POST /api/v1/contratti/arretrati/byCategoria/{cod}/elenco': {
    path: '/contratti/arretrati/byCategoria/19/elenco',
    expect: [401, 401, 401, 401, 415, 415, 415],
  },
  'POST /api/v1/contratti/arretrati/byCategoria/{cod}/elenco/xlsx': {
    path: '/contratti/arretrati/byCategoria/19/elenco/xlsx',
    expect: [401, 401, 401, 401, 415, 415, 415],
  },
  'POST /api/v1/contratti/arretrati/byCategoria/{cod}/elenco/pdf': {
    path: '/contratti/arretrati/byCategoria/19/elenco/pdf',
    expect: [401, 401, 401, 401, 415, 415, 415],
  },
  'GET /api/v1/contratti/arretrati/byCategoria/{cod}/elenco/modello': {
    path: '/contratti/arretrati/byCategoria/19/elenco/modello',
    expect: PROFESSIONAL,
  },
  // The cost of labour: Professional plans only, like the arrears calculator.
  'GET /api/v1/contratti/costo-lavoro/byCategoria/{cod}': {
    path: '/contratti/costo-lavoro/byCategoria/19?livello=4&decorrenza=01-11-2025',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/contratti/costo-lavoro/byCategoria/{cod}/livelli': {
    path: '/contratti/costo-lavoro/byCategoria/19/livelli?decorrenza=01-11-2025',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/contratti/costo-lavoro/byCategoria/{cod}/xlsx': {
    path: '/contratti/costo-lavoro/byCategoria/19/xlsx?livello=4&decorrenza=01-11-2025',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/contratti/costo-lavoro/byCategoria/{cod}/pdf': {
    path: '/contratti/costo-lavoro/byCategoria/19/pdf?livello=4&decorrenza=01-11-2025',
    expect: PROFESSIONAL,
  },
  // Text lists and trees: public (their links lead visitors without access to #banner).
  'GET /api/v1/contratti/testi/nazionale/consolidato/byContratto/{cod}': {
    path: '/contratti/testi/nazionale/consolidato/byContratto/133',
    expect: everyone(200),
  },
  'GET /api/v1/contratti/testi/nazionale/byContratto/{cod}': {
    path: '/contratti/testi/nazionale/byContratto/133',
    expect: everyone(200),
  },
  'GET /api/v1/contratti/testi/nazionale/navigazione/{id}': {
    path: '/contratti/testi/nazionale/navigazione/1331',
    expect: everyone(200),
  },
  'GET /api/v1/contratti/testi/nazionale/consolidato/navigazione/{id}': {
    path: '/contratti/testi/nazionale/consolidato/navigazione/1331',
    expect: everyone(200),
  },
  'GET /api/v1/contratti/testi/nazionale/consolidato/alberoargomenti/{id}': {
    path: '/contratti/testi/nazionale/consolidato/alberoargomenti/1331',
    expect: everyone(200),
  },
  'GET /api/v1/contratti/testi/nazionale/consolidato/byTesto/{id}': {
    path: '/contratti/testi/nazionale/consolidato/byTesto/1331',
    expect: IN_FORCE,
  },
  'GET /api/v1/contratti/testi/nazionale/consolidato/byTesto/{id}/ricerca/{query}': {
    path: '/contratti/testi/nazionale/consolidato/byTesto/1331/ricerca/ferie',
    expect: IN_FORCE,
  },
  'GET /api/v1/contratti/testi/nazionale/byTesto/{id}/ricerca/{query}': {
    path: '/contratti/testi/nazionale/byTesto/1331/ricerca/ferie',
    expect: IN_FORCE,
  },
  'GET /api/v1/contratti/testi/nazionale/{id}': { path: '/contratti/testi/nazionale/1331', expect: IN_FORCE },
  'GET /api/v1/schedesintetiche/{cod}/pdf': { path: '/schedesintetiche/19/pdf', expect: BEYOND_TRIAL },
  'GET /api/v1/schedesintetiche/albero/{categoria}': {
    path: '/schedesintetiche/albero/19',
    expect: everyone(200),
  },
  // Category 19's summary is the public demo; any other is for subscribers.
  'GET /api/v1/schedesintetiche/{categoria}': { path: '/schedesintetiche/19', expect: everyone(200) },
  'GET /api/v1/istituticontrattuali/albero/{categoria}': {
    path: '/istituticontrattuali/albero/19',
    expect: everyone(200),
  },
  'GET /api/v1/istituticontrattuali/{categoria}': { path: '/istituticontrattuali/19', expect: BEYOND_TRIAL },
  'GET /api/v1/mansionari/albero/{categoria}': { path: '/mansionari/albero/19', expect: everyone(200) },
  'GET /api/v1/mansionari/{categoria}': { path: '/mansionari/19', expect: BEYOND_TRIAL },
  'GET /api/v1/apprendistati/albero/{categoria}': { path: '/apprendistati/albero/19', expect: everyone(200) },
  'GET /api/v1/apprendistati/{categoria}': { path: '/apprendistati/19', expect: BEYOND_TRIAL },
  'GET /api/v1/sfere/albero/{categoria}': { path: '/sfere/albero/19', expect: everyone(200) },
  'GET /api/v1/sfere/{categoria}': { path: '/sfere/19', expect: BEYOND_TRIAL },
  'GET /api/v1/normetfr/albero/{categoria}': { path: '/normetfr/albero/19', expect: everyone(200) },
  'GET /api/v1/normetfr/{categoria}': { path: '/normetfr/19', expect: BEYOND_TRIAL },
  'GET /api/v1/normedisciplinari/albero/{categoria}': {
    path: '/normedisciplinari/albero/19',
    expect: everyone(200),
  },
  'GET /api/v1/normedisciplinari/{categoria}': { path: '/normedisciplinari/19', expect: BEYOND_TRIAL },
  'GET /api/v1/ccnlinps/byCategoria/{id}': { path: '/ccnlinps/byCategoria/19', expect: BEYOND_TRIAL },
  'GET /api/v1/cnel/byCategoria/{id}': { path: '/cnel/byCategoria/19', expect: BEYOND_TRIAL },
  'GET /api/v1/ateco/byCategoria/{id}': { path: '/ateco/byCategoria/19', expect: BEYOND_TRIAL },
  'GET /api/v1/territori/byContrattoCategoria/{contract}/{category}': {
    path: '/territori/byContrattoCategoria/133/19',
    expect: everyone(200),
  },
  'GET /api/v1/aziende/byContratto/{contract}': { path: '/aziende/byContratto/133', expect: everyone(200) },
  'GET /api/v1/territoriali/testi/byContrattoRegione/{contract}/{region}': {
    path: '/territoriali/testi/byContrattoRegione/133/03',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/territoriali/testi/byContrattoProvincia/{contract}/{province}': {
    path: '/territoriali/testi/byContrattoProvincia/133/MI',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/contratti/testi/byAzienda/{company}': {
    path: '/contratti/testi/byAzienda/9004',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/territoriali/tabelle/decorrenze/aziendali/{company}': {
    path: '/territoriali/tabelle/decorrenze/aziendali/9004',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/territoriali/tabelle/decorrenze/{category}/{province}': {
    path: '/territoriali/tabelle/decorrenze/19/MI',
    expect: PROFESSIONAL,
  },
  'GET /api/v1/territoriali/tabelle/{id}/albero': {
    path: '/territoriali/tabelle/133-MI-2025-11-01/albero',
    expect: signedIn(200),
  },
  'GET /api/v1/territoriali/tabella/{codice}': {
    path: '/territoriali/tabella/133-MI-2025-11-01',
    expect: PROFESSIONAL,
  },
  'POST /api/v1/stampa/token': { expect: signedIn(400) },
  // Without a print token nobody opens a print view through the API.
  'GET /api/v1/stampa/{tipoDocumento}/{codiceRiferimento}': {
    path: '/stampa/cnel/19',
    expect: everyone(401),
  },

  // Public forms
  'POST /api/v1/consenso-cookie': { expect: everyone(400) },
  'GET /api/v1/captcha/challenge': { expect: everyone(200) },
  'POST /api/v1/user/invia-segnalazione': { expect: signedIn(400) },
  // Every account may ask for its own data (one request an hour).
  'POST /api/v1/user/esportazione-dati': { expect: signedIn(202) },
}

/** Where a signed-in visitor lands instead of the public entry pages. */
const HOME = '→/bancadati' as const
const SIGN_IN = '→/accedi' as const
const CHECKOUT = '→/v2/checkout/:product/:price' as const
const REGISTER = '→/v2/registrati/:product/:price' as const

export type PageRow = { expect: Row }

/** Every page route of the two specifications, with a sample path. */
export const PAGE_MATRIX: Record<string, PageRow> = {
  '/': { expect: [200, HOME, HOME, HOME, HOME, HOME, HOME] },
  '/acquista': { expect: everyone(200) },
  '/registrati': { expect: [200, HOME, HOME, HOME, HOME, HOME, HOME] },
  '/registrati/setupsocial': { expect: ['→/', HOME, HOME, HOME, HOME, HOME, HOME] },
  '/accedi': { expect: [200, HOME, HOME, HOME, HOME, HOME, HOME] },
  '/reimposta-password': { expect: everyone(200) },
  '/conferma-email': { expect: everyone(200) },
  // Where the browser goes after deleting the account (the session has ended): the same page for everyone.
  '/account-eliminato': { expect: everyone(200) },
  '/profilo/modifica-password': { expect: signedInPage(200) },
  '/profilo': { expect: signedInPage(200) },
  '/v2/profilo': { expect: signedInPage(200) },
  '/v2/profilo/account': { expect: signedInPage(200) },
  '/v2/profilo/sicurezza': { expect: signedInPage(200) },
  // A data export link: signed-out visitors sign in first; an unknown export or token is 'Link non valido'.
  '/profilo/esportazione-dati/00000000-0000-4000-8000-000000000000?token=prova': {
    expect: signedInPage(404),
  },
  // The Studio secondary is told these tabs are not for it.
  '/v2/profilo/abbonamento': { expect: secondaryRefused(200) },
  '/v2/profilo/fatturazione': { expect: secondaryRefused(200) },
  '/v2/profilo/gestionestudio': { expect: secondaryRefused(200) },
  '/centroassistenza/faq': { expect: signedInPage(200) },
  '/assistenza': { expect: everyone('→/centroassistenza/faq') },
  '/termini-e-condizioni': { expect: everyone(200) },
  '/privacy-policy': { expect: everyone(200) },
  '/cookie-policy': { expect: everyone(200) },
  '/prodotti': { expect: everyone(200) },
  '/prodotti/werte': { expect: everyone(200) },
  '/prodotti/wertecolf': { expect: everyone(200) },
  '/prodotti/werteplus': { expect: everyone(200) },
  '/richiedi-enterprise': { expect: everyone(200) },
  '/bancadati': { expect: everyone(200) },
  '/bancadati/quotidiano': { expect: everyone(200) },
  '/bancadati/quotidiano/preferiti': { expect: signedInPage(200) },
  '/bancadati/quotidiano/allpreferiti': { expect: signedInPage(200) },
  '/bancadati/quotidiano/notizia/:newsYear/:newsMonth/:newsSlug': { expect: everyone(200) },
  '/bancadati/quotidiano/ricerca/ferie': { expect: everyone(200) },
  '/bancadati/quotidiano/ricerca/fromFilters': { expect: everyone(200) },
  '/bancadati/quotidiano/0/ricerca/fromFilters': { expect: everyone(200) },
  '/bancadati/ccnl': { expect: everyone(200) },
  '/bancadati/ccnl/notizia/:newsGuid': { expect: everyone(200) },
  '/bancadati/preferiti': { expect: signedInPage(200) },
  // The database pages show everyone their frame; what is inside follows the API rows above.
  '/bancadati/0': { expect: everyone(200) },
  '/bancadati/0/11': { expect: everyone(200) },
  '/bancadati/0/albero?settore=11': { expect: everyone(200) },
  '/bancadati/0/che-contratto-applico?q=ristorante': { expect: everyone(200) },
  '/bancadati/0/11/133': { expect: everyone(200) },
  '/bancadati/0/11/133/19': { expect: everyone(200) },
  '/bancadati/0/11/133/19/1': { expect: everyone(200) },
  '/bancadati/0/11/133/19/2': { expect: everyone(200) },
  '/bancadati/0/11/133/19/3': { expect: everyone(200) },
  '/bancadati/0/11/133/19/4': { expect: everyone(200) },
  '/bancadati/0/11/133/19/5': { expect: everyone(200) },
  '/bancadati/0/11/133/19/arretrati': { expect: everyone(200) },
  '/bancadati/0/11/133/19/costo-lavoro': { expect: everyone(200) },
  // The cost of labour's print view: Professional readers, from the session.
  '/stampa/costo-lavoro/19?livello=4&decorrenza=01-11-2025': { expect: PROFESSIONAL },
  '/bancadati/0/11/133/19/0/ferie': { expect: everyone(200) },
  // The redline: Professional readers get the comparison, the others the PRO prompt or 'Funzionalità non disponibile'.
  '/bancadati/0/11/133/confronto-testi?da=1333&a=1331&al=01/01/2020': { expect: everyone(200) },
  '/bancadati/0/stampadocumento/1331': { expect: IN_FORCE },
  '/bancadati/0/stampadocumentoconsolidato/1331': { expect: IN_FORCE },
  '/stampa/cnel/19': { expect: everyone(401) },
  '/bancadati/0/confronto?contratti=133,121': { expect: everyone(200) },
  '/pagina-inesistente': { expect: everyone(404) },
  '/api/docs': { expect: everyone(200) },
  // Purchase: signed-out visitors register first, signed-in ones without a plan go to the checkout,
  // subscribers are told they already have one; the older addresses lead to the new ones.
  '/v2/registrati/:product/:price': {
    expect: [200, CHECKOUT, CHECKOUT, 200, 200, 200, 200],
  },
  '/v2/checkout/:product/:price': {
    expect: ['→/acquista', 200, 200, 200, 200, 200, 200],
  },
  '/registrati/:product/:price': {
    expect: [REGISTER, CHECKOUT, CHECKOUT, CHECKOUT, CHECKOUT, CHECKOUT, CHECKOUT],
  },
  '/checkout/:product/:price': { expect: everyone(CHECKOUT) },
  '/gestione-abbonamento': { expect: signedInPage(200) },
  '/gestione-abbonamento/aggiorna': { expect: signedInPage(200) },
  '/gestione-abbonamento/modifica-fatturazione': { expect: signedInPage(200) },
  '/gestione-abbonamento/studio': { expect: secondaryRefused(200) },
  // An unknown code: the page says 'Il codice invito inserito non è valido.'
  '/invito-studio/codice-di-prova': { expect: everyone(404) },
}

/** A page for signed-in visitors except the Studio secondary, which gets the page's refusal (403). */
function secondaryRefused(outcome: Outcome): Row {
  return [SIGN_IN, outcome, outcome, outcome, outcome, outcome, 403]
}

/** A page for signed-in visitors: the others are sent to the sign-in page. */
function signedInPage(outcome: Outcome): Row {
  return [SIGN_IN, outcome, outcome, outcome, outcome, outcome, outcome]
}
