/**
 * Every text a user reads, in Italian. Texts quoted by the specification are
 * reproduced exactly (typos fixed, truncated texts completed).
 */
export const it = {
  site: {
    name: 'Banca Dati CCNL',
    tagline:
      'I contratti collettivi nazionali di lavoro, le tabelle retributive e le scadenze, sempre aggiornati.',
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
    lead: 'Il collegamento potrebbe essere errato oppure la pagina è stata spostata o rimossa.',
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
  mail: {
    tagline: 'Contratti collettivi, tabelle retributive e scadenze',
    greeting: (name: string) => `Gentile ${name},`,
    greetingAnonymous: 'Gentile utente,',
    signature: 'Il team di Banca Dati CCNL',
    linkFallback: 'Se il pulsante non funziona, copia e incolla questo indirizzo nel browser:',
    footerService:
      'Ricevi questa e-mail perché il tuo indirizzo è associato a un account Banca Dati CCNL. È un messaggio inviato automaticamente: non rispondere a questo indirizzo.',
    footerHelp: 'Serve aiuto? Scrivici dalla pagina Assistenza:',
    footerUnsubscribe: 'Non vuoi più ricevere queste e-mail?',
    unsubscribe: 'Disattiva le notifiche via e-mail',
    privacy: 'Privacy policy',
    durations: {
      minutes: (n: number) => (n === 1 ? '1 minuto' : `${n} minuti`),
      hours: (n: number) => (n === 1 ? '1 ora' : `${n} ore`),
      days: (n: number) => (n === 1 ? '1 giorno' : `${n} giorni`),
    },
    invalidRecipient: "L'indirizzo e-mail del destinatario non è valido.",
    invalidData: (template: string, reason: string) =>
      `Dati non validi per l'e-mail «${template}»: ${reason}`,
    welcome: {
      subject: 'Benvenuto in Banca Dati CCNL: le tue credenziali di accesso',
      title: 'Benvenuto in Banca Dati CCNL',
      preheader: 'Il tuo account è pronto: ecco la password per il primo accesso.',
      intro: 'grazie per esserti registrato. Il tuo account è pronto: per accedere usa queste credenziali.',
      emailLabel: 'E-mail',
      passwordLabel: 'Password',
      changePassword:
        'Per la tua sicurezza, dopo il primo accesso scegli una nuova password dalla sezione Profilo › Sicurezza.',
      button: 'Accedi alla Banca Dati',
    },
    passwordReset: {
      subject: 'Reimposta la password del tuo account Banca Dati CCNL',
      title: 'Reimposta la password',
      preheader: 'Scegli una nuova password per il tuo account.',
      intro: (email: string) =>
        `abbiamo ricevuto una richiesta di reimpostare la password dell'account ${email}. Per scegliere una nuova password usa il pulsante qui sotto.`,
      validity: (duration: string) =>
        `Il collegamento è valido per ${duration} e può essere usato una sola volta.`,
      button: 'Reimposta la password',
      ignore:
        'Se non hai chiesto tu di reimpostare la password, ignora questa e-mail: la password attuale resta valida.',
    },
    emailChanged: {
      subject: "L'indirizzo e-mail del tuo account è stato modificato",
      title: 'Indirizzo e-mail modificato',
      preheader: 'Se non sei stato tu, puoi annullare la modifica.',
      intro: (date: string, time: string) =>
        `il ${date} alle ${time} l'indirizzo e-mail del tuo account Banca Dati CCNL è stato modificato.`,
      previousLabel: 'Indirizzo precedente',
      newLabel: 'Nuovo indirizzo',
      ifYou: "Se la modifica l'hai fatta tu, non devi fare nulla: da ora accedi con il nuovo indirizzo.",
      ifNotYou:
        "Se non hai richiesto tu questa modifica, annullala con il pulsante qui sotto: l'account tornerà all'indirizzo precedente. Ti consigliamo poi di cambiare la password.",
      validity: (duration: string) => `Il collegamento per annullare la modifica è valido per ${duration}.`,
      button: 'Annulla la modifica',
    },
    mailbox: {
      title: 'Posta di prova',
      lead: 'In modalità dimostrativa le e-mail del portale non raggiungono i destinatari: arrivano qui. In produzione questa pagina non esiste.',
      count: (n: number) => (n === 1 ? '1 messaggio' : `${n} messaggi`),
      empty: 'Nessuna e-mail ricevuta finora.',
      refresh: 'Aggiorna',
      json: 'Elenco in JSON',
      to: 'A',
      subject: 'Oggetto',
      receivedAt: 'Ricevuta il',
      htmlVersion: 'Versione HTML',
      textVersion: 'Versione testo',
      noSubject: '(senza oggetto)',
      outbox: 'Coda di invio',
      outboxPending: (n: number) =>
        n === 1 ? '1 e-mail in attesa di invio' : `${n} e-mail in attesa di invio`,
      outboxFailed: (n: number) => (n === 1 ? '1 e-mail non recapitata' : `${n} e-mail non recapitate`),
      attempts: 'Tentativi',
      lastError: 'Ultimo errore',
    },
  },
} as const

export type Strings = typeof it
