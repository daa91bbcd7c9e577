/** Personal data: the data export (Profilo › Sicurezza), its mail and link, and the privacy policy's retention table. */
export const privacy = {
  export: {
    title: 'Scarica i miei dati',
    lead: 'Ricevi per e-mail un archivio ZIP (JSON e CSV) con i dati che conserviamo su di te: profilo, abbonamenti, fatture, preferiti, consultazioni, notifiche, consensi, segnalazioni e collegamenti Studio.',
    button: 'Richiedi i miei dati',
    formats: 'Archivio ZIP con file JSON e CSV',
    busy: 'Invio della richiesta…',
    requested: (email: string) =>
      `Richiesta ricevuta. Stiamo preparando l'archivio: a ${email} arriverà un'e-mail con il link per scaricarlo, valido 24 ore.`,
    tooMany: "Hai già richiesto i tuoi dati nell'ultima ora. Controlla la posta o riprova più tardi.",
    failed: 'Non è stato possibile inviare la richiesta. Riprova tra qualche minuto.',
    mailSubject: 'I tuoi dati sono pronti da scaricare',
    mailTitle: 'I tuoi dati sono pronti',
    mailIntro:
      "Abbiamo preparato l'archivio con i dati personali che conserviamo sul tuo account, come hai chiesto da Profilo › Sicurezza.",
    mailValidity: (until: string) =>
      `Il link è valido fino alle ${until} (24 ore) e funziona solo dopo l'accesso con il tuo account.`,
    mailButton: 'Scarica i miei dati',
    mailNotYou:
      "Se non hai chiesto tu i tuoi dati, cambia la password da Profilo › Sicurezza e scrivi all'assistenza.",
    readme: (date: string) =>
      [
        `Banca Dati CCNL: i tuoi dati personali al ${date}.`,
        '',
        'dati.json contiene tutto, diviso per sezione; ogni file CSV (separatore ";", UTF-8) contiene una sezione.',
        "L'elenco dei dati che conserviamo, dove, perché e per quanto tempo è nell'informativa privacy: /privacy-policy",
      ].join('\r\n'),
    pageTitle: 'Scarica i miei dati',
    pageDescription: "L'archivio dei tuoi dati personali, preparato su tua richiesta.",
    readyTitle: 'Il tuo archivio è pronto',
    readyText: (until: string) =>
      `Puoi scaricarlo fino alle ${until}. Contiene un file JSON con tutti i dati e un file CSV per ogni sezione.`,
    download: (size: string) => `Scarica l'archivio (ZIP, ${size})`,
    expiredTitle: 'Il link per scaricare i tuoi dati è scaduto',
    expiredText:
      "Il link è valido 24 ore dalla preparazione dell'archivio. Puoi chiedere un nuovo archivio da Profilo › Sicurezza.",
    invalidTitle: 'Link non valido',
    invalidText:
      "Il link non corrisponde a nessun archivio del tuo account. Apri il link dell'e-mail dopo aver effettuato l'accesso con lo stesso account che ha richiesto i dati, oppure chiedi un nuovo archivio da Profilo › Sicurezza.",
    toSecurity: 'Vai a Profilo › Sicurezza',
  },
  /** What each kind of personal data is, why it is kept and for how long (modules/privacy inventory.ts says where). */
  inventory: {
    account: {
      data: 'Account: e-mail, nome e cognome, nome visualizzato, professione, tipo di account, fine della prova gratuita, conferma dell’indirizzo',
      purpose: 'Creare e gestire l’account, permettere l’accesso, applicare la prova gratuita',
      retention:
        'Finché l’account esiste; alla cancellazione dell’account resta solo un identificativo anonimo; gli account di prova con indirizzo mai confermato sono cancellati dopo 30 giorni',
    },
    signIn: {
      data: 'Credenziali: password (solo in forma cifrata, hash) e identità Google o Facebook collegate',
      purpose: 'Accesso all’account',
      retention: 'Finché l’account esiste',
    },
    sessions: {
      data: 'Sessioni: indirizzo IP, browser (user agent), date di inizio e scadenza',
      purpose: 'Mantenere l’accesso, sessione unica, sicurezza',
      retention:
        'Fino alla scadenza della sessione (al massimo 30 giorni), poi cancellate nella pulizia notturna',
    },
    verifications: {
      data: 'Link di conferma dell’indirizzo e di reimpostazione della password (e-mail e codice)',
      purpose: 'Confermare l’indirizzo, reimpostare la password',
      retention: 'Fino alla scadenza del link (al massimo 7 giorni), poi cancellati nella pulizia notturna',
    },
    rateLimits: {
      data: 'Contatori dei limiti di richieste: indirizzo IP, account o e-mail a cui si riferiscono',
      purpose: 'Proteggere il portale da abusi e tentativi di accesso',
      retention:
        'Fino alla fine della finestra di conteggio (al massimo 24 ore), poi cancellati nella pulizia notturna',
    },
    requestLogs: {
      data: 'Registri delle richieste: indirizzo IP, pagina richiesta (senza parametri), esito, identificativo della richiesta',
      purpose: 'Sicurezza e diagnosi dei malfunzionamenti',
      retention: '14 giorni nel sistema di raccolta dei registri del server, poi cancellati',
    },
    picture: {
      data: 'Immagine del profilo',
      purpose: 'Mostrare l’immagine scelta nel portale',
      retention: 'Finché l’account esiste o finché non viene sostituita',
    },
    billingData: {
      data: 'Dati di fatturazione: nome o ragione sociale, indirizzo, codice fiscale, partita IVA, telefono, e-mail',
      purpose: 'Emettere le fatture, gestire i pagamenti (Stripe)',
      retention: 'Finché l’account esiste; i dati riportati sulle fatture 10 anni (obblighi fiscali)',
    },
    subscriptions: {
      data: 'Abbonamenti: piano, periodo, rinnovo e disdetta',
      purpose: 'Fornire il servizio acquistato',
      retention: 'Finché l’account esiste',
    },
    invoices: {
      data: 'Fatture: numero, importi, periodo, dati dell’intestatario e carta usata (circuito e ultime 4 cifre)',
      purpose: 'Obblighi fiscali e contabili',
      retention: '10 anni dalla data della fattura',
    },
    cards: {
      data: 'Carte salvate: circuito, ultime 4 cifre e scadenza (il numero completo resta solo presso Stripe)',
      purpose: 'Rinnovi e pagamenti',
      retention: 'Finché la carta resta salvata nell’account',
    },
    favourites: {
      data: 'Contratti preferiti',
      purpose: 'Mostrare i preferiti e le loro notizie',
      retention: 'Finché l’account esiste o finché non vengono tolti',
    },
    views: {
      data: 'Consultazioni dei contratti (categoria e data)',
      purpose: 'Contratti recenti e più consultati',
      retention:
        'Finché l’account esiste; alla cancellazione dell’account restano senza collegamento alla persona',
    },
    notifications: {
      data: 'Notifiche e iscrizione al riepilogo per e-mail (e-mail e nome)',
      purpose: 'Avvisare delle notizie sui contratti seguiti',
      retention: 'Finché l’account esiste; l’iscrizione al riepilogo finché non viene disattivata',
    },
    consents: {
      data: 'Scelte sui cookie: categorie accettate o rifiutate, data, account collegato',
      purpose: 'Rispettare e dimostrare il consenso ai cookie',
      retention:
        'Conservate come prova del consenso: le pulizie automatiche non le cancellano; alla cancellazione dell’account restano senza collegamento alla persona',
    },
    supportReports: {
      data: 'Segnalazioni al Centro Assistenza: nome, e-mail, tipo e testo',
      purpose: 'Rispondere alle richieste di assistenza',
      retention: 'Finché l’account esiste',
    },
    studioLinks: {
      data: 'Collegamenti Studio: e-mail invitate, account collegati, date di invito e attivazione',
      purpose: 'Gestire gli account secondari dello Studio',
      retention: 'Finché il collegamento esiste',
    },
    contacts: {
      data: 'Contatti commerciali: nome, e-mail, professione, telefono, azienda, richieste di informazioni',
      purpose: 'Rispondere alle richieste di informazioni e offerte Enterprise',
      retention: 'Finché il contatto non chiede di essere cancellato',
    },
    mail: {
      data: 'E-mail inviate dal portale: destinatario, oggetto, data di invio',
      purpose: 'Inviare le e-mail di servizio e dimostrarne l’invio',
      retention:
        'Il contenuto è cancellato appena inviata; destinatario e oggetto 90 giorni, poi cancellati nella pulizia notturna',
    },
    erasures: {
      data: 'Registro delle cancellazioni degli account: identificativo anonimo dell’account, chi l’ha chiesta (titolare o operatore, con il motivo), date',
      purpose: 'Dimostrare che la cancellazione richiesta è stata eseguita',
      retention: 'Conservato come prova della cancellazione: le pulizie automatiche non lo cancellano',
    },
    exports: {
      data: 'Archivi «Scarica i miei dati»',
      purpose: 'Consegnare all’utente i suoi dati',
      retention: '24 ore, poi archivio e link cancellati nella pulizia notturna',
    },
  },
  retention: {
    title: 'Quali dati conserviamo e per quanto tempo',
    lead: "L'elenco di tutti i dati personali trattati dal portale, dove sono conservati, perché e per quanto tempo. Le pulizie automatiche si svolgono ogni notte.",
    columns: { data: 'Dati', purpose: 'Finalità', retention: 'Conservazione' },
  },
} as const
