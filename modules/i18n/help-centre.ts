/** The help centre: FAQ, guides, reports. Texts quoted by the specification are verbatim. */
export const helpCentre = {
  title: 'Centro Assistenza',
  description:
    'Guide interattive, risposte alle domande frequenti e segnalazioni al supporto della Banca Dati CCNL.',
  welcome: (name: string) => `Benvenuto nel Centro Assistenza, ${name}.`,
  lead: 'Trova una risposta tra le domande frequenti, segui una guida interattiva o scrivici.',
  notAuthenticated: 'Not authenticated.',
  tabsLabel: 'Sezioni del Centro Assistenza',
  tabs: { guide: 'Guide interattive', faq: 'Domande frequenti', segnalazione: 'Invia una segnalazione' },
  unauthorizedTab: 'Non sei autorizzato ad accedere a questa pagina.',
  guidesNeedSubscription:
    'Le guide interattive sono incluse negli abbonamenti Premium e Professional. Scegli un piano per usarle.',
  seePlans: 'Scopri i piani',
  guidesLead: 'Ogni guida ti accompagna passo passo nella pagina: clicca su una scheda per iniziare.',
  startGuide: 'Inizia la guida',
  guides: {
    'banca-dati': {
      title: 'La Banca Dati',
      text: 'Ricerca, filtri, preferiti, contratti recenti e aggiornamenti della pagina principale.',
    },
    quotidiano: {
      title: 'Il Quotidiano',
      text: 'Notizie e scadenze: come cercarle, filtrarle per settore e contratto e leggerle.',
    },
    contratto: {
      title: 'Navigare un contratto',
      text: 'Il cruscotto di un CCNL: testo, tabelle retributive, classificazioni e dati territoriali.',
    },
    sintesi: {
      title: 'Navigare le sintesi',
      text: 'Scheda sintetica, mansionari, apprendistato, istituti, TFR e norme disciplinari.',
    },
  },
  tourSteps: {
    'banca-dati': [
      {
        hook: null,
        title: 'La Banca Dati',
        text: 'Questa guida ti mostra le parti principali della pagina iniziale della Banca Dati.',
      },
      {
        hook: 'bd-ricerca',
        title: 'Ricerca',
        text: 'Cerca un contratto per nome o codice: bastano 4 caratteri.',
      },
      {
        hook: 'bd-filtri',
        title: 'Filtri',
        text: 'Filtra notizie e scadenze per settore, contratto e periodo.',
      },
      { hook: 'bd-primo-piano', title: 'In primo piano', text: 'Le notizie più importanti del giorno.' },
      {
        hook: 'bd-preferiti',
        title: 'I tuoi preferiti',
        text: 'I contratti che hai aggiunto ai preferiti, sempre a portata di mano.',
      },
      { hook: 'bd-recenti', title: 'Consultati di recente', text: 'Gli ultimi contratti che hai aperto.' },
      {
        hook: 'bd-aggiornamenti',
        title: 'Aggiornamenti',
        text: 'Le novità del prodotto e della banca dati.',
      },
      { hook: 'bd-quotidiano', title: 'Quotidiano CCNL', text: 'Le ultime notizie e scadenze del lavoro.' },
    ],
    quotidiano: [
      { hook: null, title: 'Il Quotidiano', text: 'Notizie e scadenze del lavoro, ogni giorno.' },
      { hook: 'q-ricerca', title: 'Ricerca', text: 'Cerca tra notizie e scadenze con parole libere.' },
      { hook: 'q-filtri', title: 'Filtri', text: 'Scegli settore, contratto e intervallo di date.' },
      {
        hook: 'q-mese',
        title: 'Questo mese',
        text: 'Le notizie o le scadenze del mese corrente con un clic.',
      },
      {
        hook: 'q-tipo',
        title: 'Notizie o scadenze',
        text: 'Passa dalle notizie alle scadenze dello stesso elenco.',
      },
      { hook: 'q-elenco', title: "L'elenco", text: 'Apri una notizia per leggerla per intero.' },
    ],
    contratto: [
      {
        hook: null,
        title: 'Il cruscotto del contratto',
        text: 'Ogni contratto e categoria ha un cruscotto con sei sezioni.',
      },
      {
        hook: 'ccnl-intestazione',
        title: 'Contratto e categoria',
        text: 'Il contratto, il settore e la categoria che stai consultando.',
      },
      {
        hook: 'ccnl-preferito',
        title: 'Preferiti',
        text: 'Aggiungi il contratto ai preferiti per ricevere le notifiche.',
      },
      {
        hook: 'ccnl-sezioni',
        title: 'Le sezioni',
        text: 'Notizie e scadenze, testo, tabelle retributive, sintesi, classificazioni e dati territoriali.',
      },
      {
        hook: 'ccnl-menu-sezioni',
        title: 'Cambia sezione',
        text: 'Passa da una sezione all’altra senza tornare al cruscotto.',
      },
      {
        hook: 'ccnl-tabelle',
        title: 'Tabelle retributive',
        text: 'I minimi per livello e decorrenza, da consultare e stampare.',
      },
      {
        hook: 'ccnl-testo',
        title: 'Testo del contratto',
        text: 'Il testo consolidato con indice, argomenti e ricerca nel documento.',
      },
    ],
    sintesi: [
      { hook: null, title: 'Le sintesi', text: 'Le sintesi riassumono il contratto per argomento.' },
      {
        hook: 'ccnl-sintesi',
        title: 'Apri le sintesi',
        text: 'Da qui raggiungi la scheda sintetica e gli altri documenti: «Avanti» apre la pagina delle sintesi.',
        // The tour goes on on the page this link opens.
        follow: true,
      },
      {
        hook: 'sintesi-tipi',
        title: 'I tipi di sintesi',
        text: 'Scheda sintetica, istituti, mansionari, apprendistato, sfere di applicazione, TFR e norme disciplinari.',
      },
      { hook: 'sintesi-indice', title: 'Indice', text: "Cerca una voce nell'indice della sintesi." },
      {
        hook: 'sintesi-documento',
        title: 'Il documento',
        text: 'Il testo della sintesi, da leggere o scaricare in PDF.',
      },
    ],
  },
  tour: {
    next: 'Avanti',
    previous: 'Indietro',
    done: 'Fine',
    progress: '{{current}} di {{total}}',
    close: 'Chiudi la guida',
  },
  faqLead: 'Le risposte alle domande più comuni su accesso, banca dati e abbonamento.',
  faqGroups: [
    {
      id: 'accesso',
      title: 'Accesso e profilo',
      items: [
        {
          q: 'Come accedo alla Banca Dati CCNL?',
          a: 'Dalla pagina di accesso inserisci email e password. Se hai scelto «Ricordami» resterai collegato su questo dispositivo per 30 giorni.',
          links: [{ href: '/accedi', label: 'Vai alla pagina di accesso' }],
        },
        {
          q: 'Come attivo la prova gratuita?',
          a: 'Registrati con nome, cognome ed email: la prova dura 7 giorni, non richiede una carta e include i CCNL in vigore, le tabelle retributive in vigore e il quotidiano. La password ti arriva per email.',
          links: [{ href: '/registrati', label: 'Attiva la prova gratuita' }],
        },
        {
          q: 'Ho dimenticato la password: cosa faccio?',
          a: 'Nella pagina di accesso scegli «Password dimenticata?» e inserisci la tua email: riceverai un collegamento valido 60 minuti per sceglierne una nuova.',
          links: [{ href: '/accedi', label: 'Recupera la password' }],
        },
        {
          q: 'Perché sono stato disconnesso?',
          a: 'Ogni account può restare collegato da una sola postazione alla volta: un accesso da un altro dispositivo chiude la sessione precedente. Con la formula Studio hai 3 account, ognuno con il suo accesso.',
        },
        {
          q: 'Dove modifico i miei dati, la password o la fatturazione?',
          a: 'Nel profilo trovi le schede Account, Sicurezza, Abbonamento e Fatturazione.',
          links: [{ href: '/v2/profilo', label: 'Vai al profilo' }],
        },
      ],
    },
    {
      id: 'navigazione',
      title: 'Navigazione e banca dati',
      items: [
        {
          q: 'Come trovo un contratto?',
          a: 'Scrivi nella casella di ricerca almeno 4 caratteri del nome o del codice del contratto, oppure sfoglia i settori nel menu ad albero. Aggiungi ai preferiti i contratti che usi più spesso: li ritrovi in cima alla Banca Dati.',
          links: [{ href: '/bancadati', label: 'Apri la Banca Dati' }],
        },
        {
          q: 'Cosa trovo nel cruscotto di un contratto?',
          a: 'Sei sezioni: notizie e scadenze, testo del CCNL con lo storico, tabelle retributive, sintesi, classificazioni INPS, CNEL e ATECO, contrattazione territoriale e aziendale.',
        },
        {
          q: 'Perché alcuni contenuti sono segnati come PRO?',
          a: "L'archivio storico e la contrattazione territoriale e aziendale sono inclusi nell'abbonamento Professional.",
          links: [{ href: '/acquista', label: 'Confronta i piani' }],
        },
        {
          q: 'Manca una tabella retributiva: cosa posso fare?',
          a: 'Segnalacela con il modulo «Invia una segnalazione»: le tabelle mancanti vengono inserite gratuitamente entro 5 giorni lavorativi. I dati sono aggiornati ogni mese.',
        },
        {
          q: 'Su quanti dispositivi posso usare il servizio?',
          a: 'Su un numero illimitato di dispositivi, anche se non necessariamente in contemporanea. Non ci sono limiti al numero di conteggi per archivio.',
        },
      ],
    },
    {
      id: 'abbonamento',
      title: 'Abbonamento',
      items: [
        {
          q: 'Come sottoscrivo un abbonamento?',
          a: 'Scegli Premium o Professional, mensile o annuale, con o senza formula Studio (3 account simultanei). L\u2019abbonamento decorre dal giorno del pagamento.',
          links: [{ href: '/acquista', label: 'Scegli un abbonamento' }],
        },
        {
          q: 'Posso cambiare piano?',
          a: 'Sì, in qualsiasi momento. Il passaggio a un piano superiore è immediato. La disdetta e il passaggio a un piano inferiore hanno effetto alla fine del periodo già pagato e vanno richiesti almeno 24 ore prima del rinnovo.',
          links: [{ href: '/v2/profilo/abbonamento', label: 'Gestisci il tuo abbonamento' }],
        },
        {
          q: 'Come disdico il rinnovo automatico?',
          a: 'Dal profilo: Abbonamento, Modifica, Non rinnovare, almeno 24 ore prima del rinnovo. Gli abbonamenti a durata determinata non si interrompono prima della scadenza e, senza disdetta, si rinnovano per la stessa durata.',
          links: [{ href: '/v2/profilo/abbonamento', label: 'Vai al tuo abbonamento' }],
        },
        {
          q: 'Posso pagare con bonifico bancario?',
          a: 'Gli abbonamenti mensili si pagano solo con carta. Gli abbonamenti annuali si possono pagare con bonifico: chiedilo inviando una segnalazione di tipo «Assistenza amministrativa».',
          links: [{ href: '/assistenza?scheda=segnalazione', label: 'Invia una segnalazione' }],
        },
        {
          q: 'Posso recedere dopo l\u2019acquisto?',
          a: 'Se sei un consumatore europeo puoi recedere entro 14 giorni dall’acquisto: ti rimborsiamo entro 14 giorni. Ai reclami rispondiamo entro 21 giorni.',
          links: [{ href: '/termini-e-condizioni', label: 'Leggi i termini e condizioni' }],
        },
      ],
    },
  ],
  report: {
    heading: 'Invia una segnalazione',
    lead: "Descrivi il problema o la richiesta: ti risponderemo all'indirizzo email del tuo account.",
    type: 'Tipo di richiesta',
    body: 'Testo della segnalazione',
    bodyHint: 'Indica, se puoi, il contratto o la pagina a cui ti riferisci.',
    send: 'Invia',
    sending: 'Attendi',
    sent: 'Segnalazione inoltrata correttamente.',
    failed: 'Impossibile inoltrare la segnalazione.',
    captchaLabel: 'Verifica anti-spam',
    captchaNeeded: 'Completa la verifica anti-spam prima di inviare.',
    from: (name: string, email: string) => `Scrivi come ${name} (${email}).`,
    typeInvalid: 'Scegli un tipo di richiesta dall’elenco.',
    bodyRequired: 'Scrivi il testo della segnalazione.',
    bodyTooLong: 'La segnalazione può contenere al massimo 5000 caratteri.',
    tooMany: 'Hai inviato troppe segnalazioni in poco tempo. Riprova più tardi.',
    captcha: {
      missing: 'Completa la verifica anti-spam.',
      invalid: 'La verifica anti-spam non è valida. Ripetila e invia di nuovo.',
      expired: 'La verifica anti-spam è scaduta. Ripetila e invia di nuovo.',
      reused: 'Questa verifica anti-spam è già stata usata. Ripetila e invia di nuovo.',
    },
    mailSubject: (type: string, email: string) => `Segnalazione (${type}) da ${email}`,
    mailTitle: 'Nuova segnalazione dal Centro Assistenza',
    mailFrom: 'Da',
    mailType: 'Tipo',
    mailNumber: 'Numero',
    mailOpen: 'Apri in amministrazione',
  },
} as const
