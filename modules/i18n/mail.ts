/** Mails: subjects, greetings and bodies of every template. Texts quoted by the specification are verbatim. */
export const mail = {
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
  invalidData: (template: string, reason: string) => `Dati non validi per l'e-mail «${template}»: ${reason}`,
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
    confirm:
      'Conferma il tuo indirizzo e-mail con il pulsante qui sotto: finché non lo confermi puoi usare la prova gratuita, ma non acquistare un abbonamento, cambiare indirizzo o collegare Google e Facebook.',
    confirmButton: 'Conferma il tuo indirizzo e-mail',
    confirmValidity: (duration: string) =>
      `Il collegamento di conferma è valido per ${duration}; dopo puoi chiederne uno nuovo dal tuo profilo.`,
  },
  addressConfirmation: {
    subject: 'Conferma il tuo indirizzo e-mail',
    title: 'Conferma il tuo indirizzo e-mail',
    preheader: 'Un clic per confermare che questo indirizzo è tuo.',
    intro: (email: string) =>
      `per confermare che l'indirizzo ${email} è tuo e usarlo con il tuo account Banca Dati CCNL usa il pulsante qui sotto.`,
    button: 'Conferma il tuo indirizzo e-mail',
    validity: (duration: string) => `Il collegamento è valido per ${duration}.`,
    ignore:
      'Se non hai creato tu un account con questo indirizzo, ignora questa e-mail: senza conferma l’account non può acquistare abbonamenti né essere collegato ad altri accessi.',
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
} as const
