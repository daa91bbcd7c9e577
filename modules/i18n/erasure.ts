/** Deleting an account ('Elimina il mio account'): the profile's form, the mails, the operators' form. */
export const erasure = {
  title: 'Elimina il mio account',
  lead: 'Puoi eliminare il tuo account in qualsiasi momento. L’operazione non si può annullare.',
  whatHappensTitle: 'Cosa succede',
  whatHappens: [
    'Il nome, l’indirizzo e-mail, la professione, la foto, i contratti preferiti, le notifiche e le segnalazioni all’assistenza vengono cancellati subito.',
    'Tutte le sessioni aperte vengono chiuse e non potrai più accedere con questo account.',
    'Le fatture e i dati di fatturazione restano conservati per 10 anni, come richiede la legge fiscale, in un archivio separato consultabile solo dall’amministrazione.',
    'Se sei titolare di un abbonamento Studio, gli account collegati vengono scollegati e avvisati per e-mail.',
    'Riceverai un’e-mail di conferma. Potrai registrarti di nuovo con lo stesso indirizzo come nuovo utente.',
  ],
  subscriptionTitle: 'Il tuo abbonamento',
  subscriptionActive: (plan: string, date: string) =>
    `Hai un abbonamento ${plan} attivo fino al ${date}. Scegli quando farlo terminare:`,
  subscriptionEnd: {
    period_end: (date: string) =>
      `Alla fine del periodo già pagato (${date}): non ci saranno altri addebiti.`,
    now: 'Subito: l’abbonamento termina oggi, senza rimborso del periodo residuo.',
  },
  subscriptionEndRequired: 'Scegli quando far terminare l’abbonamento.',
  passwordLabel: 'Password attuale',
  passwordHint: 'Per sicurezza, inserisci la password con cui accedi.',
  passwordRequired: 'Inserisci la password attuale.',
  passwordWrong: 'La password inserita non è corretta.',
  codeIntro: (email: string) =>
    `Il tuo account accede con Google o Facebook: per confermare ti inviamo un codice di 6 cifre a ${email}.`,
  sendCode: 'Inviami il codice',
  sendingCode: 'Invio in corso...',
  codeSent: (email: string) => `Abbiamo inviato il codice a ${email}. È valido 15 minuti.`,
  codeLabel: 'Codice ricevuto via e-mail',
  codeRequired: 'Inserisci il codice di 6 cifre ricevuto via e-mail.',
  codeWrong: 'Il codice non è corretto o è scaduto. Richiedine uno nuovo.',
  tooManyCodes: 'Hai richiesto troppi codici. Riprova tra un’ora.',
  tooManyAttempts: 'Troppi tentativi errati. Riprova tra 15 minuti.',
  confirmLabel: 'Ho capito: voglio eliminare definitivamente il mio account.',
  confirmRequired: 'Conferma di voler eliminare l’account.',
  submit: 'Elimina il mio account',
  submitting: 'Eliminazione in corso...',
  failed: 'Non è stato possibile eliminare l’account. Riprova tra qualche minuto.',
  alreadyErased: 'Questo account è già stato eliminato.',
  inProgress:
    'L’eliminazione di questo account è già in corso: attendi qualche istante e ricarica la pagina.',
  /** The page shown after the deletion (the session has ended). */
  done: {
    title: 'Account eliminato',
    text: 'Il tuo account è stato eliminato e sei stato disconnesso. Ti abbiamo inviato un’e-mail di conferma.',
    home: 'Torna alla home',
  },
  mail: {
    code: {
      subject: 'Codice per eliminare il tuo account',
      title: 'Conferma l’eliminazione dell’account',
      preheader: 'Il codice per confermare l’eliminazione del tuo account.',
      paragraphs: [
        'Hai chiesto di eliminare il tuo account Banca Dati CCNL. Inserisci questo codice nella pagina del profilo per confermare.',
      ],
      codeLabel: 'Codice',
      closing: [
        'Il codice è valido 15 minuti e si può usare una sola volta.',
        'Se non sei stato tu, ignora questa e-mail e cambia la password: il tuo account resta com’è.',
      ],
    },
    confirmation: {
      subject: 'Il tuo account è stato eliminato',
      title: 'Account eliminato',
      preheader: 'Confermiamo l’eliminazione del tuo account.',
      paragraphs: (when: string) => [
        `Il tuo account Banca Dati CCNL è stato eliminato il ${when}. I tuoi dati personali sono stati cancellati e tutte le sessioni sono state chiuse.`,
        'Le fatture emesse e i relativi dati di fatturazione sono conservati per 10 anni, come richiede la legge fiscale, e sono consultabili solo dall’amministrazione.',
      ],
      subscriptionLabel: 'Abbonamento',
      subscription: {
        period_end: (date: string) => `termina il ${date}, senza altri addebiti`,
        now: 'terminato subito',
        none: 'nessun abbonamento attivo',
      },
      byOperator: 'L’eliminazione è stata eseguita dal nostro servizio clienti su tua richiesta.',
      closing: ['Se vorrai tornare, potrai registrarti di nuovo con lo stesso indirizzo e-mail.'],
    },
    studioUnlinked: {
      subject: 'Il tuo accesso Studio è terminato',
      title: 'Accesso Studio terminato',
      preheader: 'Il titolare dell’abbonamento Studio ha eliminato il suo account.',
      paragraphs: (owner: string) => [
        `${owner} ha eliminato il proprio account Banca Dati CCNL: il tuo account non è più collegato al suo abbonamento Studio e non ne usa più l’accesso.`,
        'Il tuo account resta attivo: puoi continuare ad accedere e, se vuoi, sottoscrivere un abbonamento personale.',
      ],
      button: 'Scopri gli abbonamenti',
    },
  },
  /** The operators' deletion in /admin/abbonati. */
  operators: {
    title: 'Elimina account',
    lead: 'Elimina l’account e i dati personali dell’abbonato. Le fatture restano nell’archivio fiscale (10 anni). L’abbonato riceve un’e-mail di conferma.',
    reasonLabel: 'Motivo (obbligatorio, resta nel registro)',
    reasonRequired: 'Indica il motivo dell’eliminazione.',
    subscriptionLabel: 'Abbonamento in corso',
    submit: 'Elimina account',
    done: 'Account eliminato. Le fatture restano consultabili in Abbonamenti e pagamenti.',
    logTitle: 'Eliminazioni recenti',
    logEmpty: 'Nessuna eliminazione registrata.',
    logColumns: { when: 'Data', account: 'ID account', by: 'Eseguita da', reason: 'Motivo' },
    bySubscriber: 'L’abbonato',
    byOperator: (email: string) => `Operatore ${email}`,
  },
  /** The name left on an erased account (never shown to a subscriber). */
  erasedName: 'Account eliminato',
} as const
