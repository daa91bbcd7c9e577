/**
 * Every text a user reads, in Italian. Texts quoted by the specification are
 * reproduced exactly (typos fixed, truncated texts completed).
 */
export const it = {
  site: {
    name: 'Banca Dati CCNL',
    tagline: 'I contratti collettivi nazionali di lavoro, le tabelle retributive e le scadenze, sempre aggiornati.',
    company: 'Banca Dati CCNL S.r.l.',
    companyDetails: 'Via del Lavoro 21, 00184 Roma · P.IVA 12345670017',
    copyright: '© 2021 Banca Dati CCNL S.r.l. Tutti i diritti riservati.',
  },
  nav: {
    bancaDati: 'Banca Dati',
    quotidiano: 'Quotidiano',
    ccnl: 'CCNL',
    appProdotti: 'App e Prodotti',
    prodotti: 'Tutti i prodotti',
    werte: 'Werte – differenze retributive',
    wertecolf: 'Werte Colf – lavoro domestico',
    werteplus: 'Werte Plus – contrattazione decentrata',
    profilo: 'Profilo',
    account: 'Account',
    assistenza: 'Assistenza',
    esci: 'Esci',
    accedi: 'Accedi',
    registrati: 'Prova gratis',
    abbonati: 'Abbonati',
    preferiti: 'Preferiti',
    tuttiContratti: 'Tutti i contratti',
    apps: 'Apps',
    notifiche: 'Notifiche',
    menu: 'Menu',
    chiudiMenu: 'Chiudi il menu',
    apriMenu: 'Apri il menu',
    menuUtente: 'Menu utente',
    vaiAlContenuto: 'Vai al contenuto',
    termini: 'Termini e condizioni',
    privacy: 'Privacy policy',
    cookie: 'Cookie policy',
  },
  notFound: {
    title: 'Pagina non trovata',
    message: 'La pagina che hai cercato non esiste!',
    back: 'Torna indietro',
    home: 'Vai alla home',
  },
  featureUnavailable: {
    title: 'Funzionalità non disponibile',
    anonymous:
      'Questa funzionalità è riservata agli utenti registrati. Attiva la prova gratuita di 7 giorni oppure scegli un abbonamento per continuare.',
    trialExpired:
      'Il tuo periodo di prova gratuita è terminato. Scegli un abbonamento per continuare a usare questa funzionalità.',
    startTrial: 'Prova gratis per 7 giorni',
    seePlans: 'Scopri i piani',
    close: 'Chiudi',
  },
  forcedLogout: {
    title: 'SEI STATO DISCONNESSO.',
    message:
      "Sei stato disconnesso per inattività o è stato effettuato l'accesso da un'altra postazione. Riaccedi per continuare.",
    ok: 'Ok',
    login: 'Riaccedi',
  },
  errors: {
    notFound: 'La risorsa richiesta non esiste.',
    routeNotFound: 'Il percorso richiesto non esiste.',
    internal: 'Si è verificato un errore imprevisto. Riprova tra qualche istante.',
    unavailable: 'Il servizio è momentaneamente non disponibile. Riprova tra qualche istante.',
    invalidInput: 'I dati inviati non sono validi.',
    invalidField: (field: string, reason: string) => `Il campo «${field}» non è valido: ${reason}`,
    invalidJson: 'Il corpo della richiesta non è un JSON valido.',
    methodNotAllowed: 'Metodo non consentito per questo percorso.',
  },
  common: {
    loading: 'Caricamento...',
    close: 'Chiudi',
    cancel: 'Annulla',
    save: 'Salva',
    confirm: 'Conferma',
  },
} as const

export type Strings = typeof it
