/**
 * Every text a user reads, in Italian. Texts quoted by the specification are
 * reproduced exactly (typos fixed, truncated texts completed).
 */
import { accounts } from './accounts.ts'
import { billing } from './billing.ts'
import { feed } from './feed.ts'
import { helpCentre } from './help-centre.ts'
import { mail } from './mail.ts'
import { operators } from './operators.ts'
import { publicSite } from './public-site.ts'
import { studio } from './studio.ts'
import { database } from './database.ts'
import { compare } from './compare.ts'
import { invoices } from './invoices.ts'
import { common } from './common.ts'
import { errors } from './errors.ts'
import { erasure } from './erasure.ts'
import { privacy } from './privacy.ts'
import { backup } from './backup.ts'
import { activityFinder } from './activity-finder.ts'
import { arrears } from './arrears.ts'
import { labourCost } from './labour-cost.ts'
import { redline } from './redline.ts'
import { renewalAlerts } from './renewal-alerts.ts'
import { changes } from './changes.ts'

export const it = {
  database,
  compare,
  activityFinder,
  privacy,
  invoices,
  site: {
    name: 'Banca Dati CCNL',
    tagline:
      'I contratti collettivi nazionali di lavoro, le tabelle retributive e le scadenze, sempre aggiornati.',
    company: 'Banca Dati CCNL S.r.l.',
    companyDetails: 'Via del Lavoro 21, 00184 Roma · P.IVA 12345670017',
    copyright: '© 2021 Banca Dati CCNL S.r.l. Tutti i diritti riservati.',
    /** The strip of a staging deployment whose payments go to the Stripe emulator (STRIPE_EMULATOR=1). */
    testMode: {
      label: 'Modalità di prova',
      text: 'Ambiente di prova: i pagamenti sono simulati e nessuna carta viene addebitata.',
    },
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
    lead: 'Il collegamento potrebbe essere errato oppure la pagina è stata spostata o rimossa.',
  },
  serverError: {
    unavailableTitle: 'Servizio momentaneamente non disponibile',
    unavailableMessage: 'Il servizio è momentaneamente non disponibile.',
    unavailableLead:
      'Stiamo ripristinando il collegamento alla banca dati: i tuoi dati sono al sicuro. Riprova tra qualche istante.',
    title: 'Errore imprevisto',
    message: 'Si è verificato un errore imprevisto.',
    lead: 'Riprova tra qualche istante. Se il problema persiste, scrivi al centro assistenza.',
    retry: 'Riprova',
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
  errors,
  backup,
  arrears,
  labourCost,
  redline,
  renewalAlerts,
  changes,
  common,
  shell: {
    mainNav: 'Navigazione principale',
    sideNav: 'Menu laterale',
    breadcrumbs: 'Percorso',
    homeLink: 'Banca Dati CCNL, pagina iniziale',
    drawerTitle: 'Menu',
    drawerBrowse: 'Naviga',
    drawerAccount: 'Il tuo account',
    productHints: {
      prodotti: 'I software integrati con la banca dati',
      werte: 'Calcolo delle differenze retributive nelle vertenze',
      wertecolf: 'Paghe e vertenze del lavoro domestico',
      werteplus: 'Tabelle della contrattazione di secondo livello',
    },
    notificationsEmpty:
      'Non hai notifiche da leggere. Per visualizzare le notifiche, inizia ad aggiungere i tuoi CCNL preferiti.',
    notificationsLoading: 'Caricamento delle notifiche…',
    signedInAs: 'Accesso effettuato come',
    plans: { premium: 'Premium', professional: 'Professional' },
    viewerKinds: {
      trial: 'Prova gratuita',
      trialExpired: 'Prova terminata',
      subscriber: 'Abbonato',
      studioSecondary: 'account studio secondario',
    },
    studioBadge: 'studio',
    trialNoticeAction: 'Scegli un abbonamento',
  },
  footer: {
    about:
      'La banca dati dei contratti collettivi nazionali e territoriali, delle tabelle retributive e delle scadenze del lavoro, per consulenti del lavoro, studi professionali, aziende e sindacati.',
    database: 'Banca Dati',
    products: 'App e Prodotti',
    support: 'Assistenza e note legali',
    helpCenter: 'Centro assistenza',
    plans: 'Abbonamenti',
  },
  forms: {
    required: 'obbligatorio',
  },
  landing: {
    title: 'Contratti collettivi, tabelle retributive e scadenze',
    eyebrow: 'Per consulenti del lavoro, aziende e sindacati',
    heading: 'I CCNL, le tabelle retributive e le scadenze, sempre aggiornati.',
    lead: "Testi integrali e consolidati dei contratti collettivi nazionali e territoriali, tabelle retributive per livello e decorrenza, e ogni giorno il Quotidiano con notizie e scadenze. In un'unica banca dati, pronta per il tuo lavoro.",
    enterDatabase: 'Entra nella Banca Dati',
    seePlans: 'Scopri gli abbonamenti',
    trialLink: 'Prova gratis per 7 giorni',
    trialNoteTitle: 'La prova gratuita include',
    trialIncludes: ['CCNL in vigore', 'tabelle retributive in vigore', 'quotidiano'],
    trialNoCard: 'Senza carta di credito e senza impegno.',
    stats: [
      { value: '460+', label: 'contratti collettivi' },
      { value: '16', label: 'settori contrattuali' },
      { value: '1975', label: "l'anno dei primi dati" },
    ],
    dashboardTitle: 'Il cruscotto di ogni contratto',
    dashboardCaption: 'Per ogni CCNL e categoria, sei sezioni a portata di clic.',
    dashboardTiles: [
      'Testo del contratto',
      'Tabelle retributive',
      'Sintesi',
      'Classificazioni',
      'Dati territoriali',
      'Notizie e scadenze',
    ],
    valuesHeading: 'Tutto ciò che serve per applicare un contratto',
    valuesLead:
      'Un solo strumento per consultare, verificare e stampare: niente più PDF sparsi e tabelle da ricopiare.',
    values: [
      {
        title: 'Contratti sempre aggiornati',
        text: "Testo integrale e consolidato dei CCNL, con gli accordi di rinnovo. Con Professional anche l'archivio storico e la contrattazione territoriale e aziendale.",
      },
      {
        title: 'Tabelle retributive pronte',
        text: 'Minimi retributivi per livello e decorrenza e classificazioni ATECO, INPS e CNEL, da consultare e stampare in un attimo.',
      },
      {
        title: 'Il Quotidiano del lavoro',
        text: 'Notizie e scadenze ogni giorno, filtrabili per settore e contratto, e le notifiche sui tuoi CCNL preferiti.',
      },
    ],
    plansHeading: 'Premium o Professional: scegli il piano giusto',
    plansPremium: 'Premium: contratti e tabelle retributive in vigore.',
    plansProfessional:
      "Professional: in più l'archivio storico, la contrattazione territoriale e aziendale e altri strumenti.",
    plansStudio: 'Formula Studio: 3 accessi simultanei per il tuo studio.',
    priceFrom: (price: string) => `Abbonamenti da ${price} al mese, IVA inclusa.`,
    comparePlans: 'Confronta i piani',
    productsHeading: 'App e Prodotti',
    productsLead: 'I software integrati con la banca dati, per il calcolo e la gestione del lavoro.',
    products: {
      werte: {
        name: 'Werte',
        summary:
          'Il programma desktop e online per il calcolo delle differenze retributive nelle vertenze di lavoro: oltre 460 contratti, dati dal 1975, scelto da oltre 1.500 studi professionali.',
      },
      wertecolf: {
        name: 'Werte Colf',
        summary:
          'Paghe e vertenze del lavoro domestico: assunzione, buste paga, calcolo delle vertenze, verifica del TFR, modulistica e certificazione annuale.',
      },
      werteplus: {
        name: 'Werte Plus',
        summary:
          'La contrattazione decentrata: oltre 15.000 tabelle retributive di tutte le regioni e 11 settori, aggiornate ogni mese.',
      },
    },
    discover: (name: string) => `Scopri ${name}`,
    allProducts: 'Tutti i prodotti',
    closingHeading: 'Prova la Banca Dati CCNL per 7 giorni',
    closingText:
      'Attiva la prova in un minuto. Al termine scegli il piano più adatto a te, oppure non fare nulla: nessun addebito.',
    policies: 'Come trattiamo i tuoi dati:',
  },
  mail,
  operators,
  accounts,
  feed,
  publicSite,
  helpCentre,
  billing,
  studio,
  erasure,
} as const

export type Strings = typeof it
