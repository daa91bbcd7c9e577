/** The portal's invoices: the seller's data edited in /admin, the invoice PDF and its download. */
export const invoices = {
  /** The seller's data (the admin's 'Dati del venditore' and the PDF's seller block). */
  seller: {
    title: 'Dati del venditore',
    description:
      'I dati fiscali dell’azienda che vende gli abbonamenti: compaiono come cedente su ogni fattura. Finché mancano, gli abbonati non possono scaricare le fatture.',
    fields: {
      companyName: 'Ragione sociale',
      vatNumber: 'Partita IVA',
      fiscalCode: 'Codice fiscale',
      street: 'Indirizzo (via e numero civico)',
      postalCode: 'CAP',
      city: 'Città',
      province: 'Provincia (sigla)',
      country: 'Paese (codice ISO)',
      pec: 'PEC',
      reaNumber: 'Numero REA',
      shareCapital: 'Capitale sociale',
      taxRegime: 'Regime fiscale',
    },
    hints: {
      fiscalCode: 'Per le società coincide di solito con la partita IVA.',
      reaNumber: 'Sigla della provincia della Camera di commercio e numero, per esempio RM-1234567.',
      shareCapital: 'Facoltativo; per esempio «10.000,00 € i.v.».',
      country: 'IT per l’Italia.',
    },
    address: 'Sede legale',
    /** The FatturaPA codes of the tax regimes a seller of subscriptions may have. */
    taxRegimes: {
      RF01: 'RF01 · Ordinario',
      RF02: 'RF02 · Contribuenti minimi',
      RF04: 'RF04 · Agricoltura e pesca',
      RF18: 'RF18 · Altro',
      RF19: 'RF19 · Forfettario',
    },
    required: 'Campo obbligatorio per emettere le fatture.',
    invalid: {
      vatNumber: 'Partita IVA non valida: servono 11 cifre con la cifra di controllo corretta.',
      fiscalCode:
        'Codice fiscale non valido: 11 cifre (come la partita IVA) o 16 caratteri con il carattere di controllo corretto.',
      postalCode: 'Il CAP deve essere di cinque cifre.',
      province: 'Scrivi la sigla di una provincia italiana (per esempio RM).',
      country: 'Scrivi il codice ISO del paese di due lettere (IT per l’Italia).',
      pec: 'Inserisci un indirizzo PEC valido.',
      taxRegime: 'Scegli il regime fiscale dall’elenco.',
    },
    /** The notice above the form while something is missing or wrong. */
    incomplete: 'Le fatture non possono essere emesse: completa i dati del venditore.',
    complete: 'I dati del venditore sono completi: le fatture mostrano questi dati.',
    missing: (field: string) => `${field}: manca.`,
  },
  /** The invoice PDF. */
  document: {
    title: (number: string) => `Fattura n. ${number}`,
    date: (date: string) => `Data: ${date}`,
    seller: 'Cedente / prestatore',
    buyer: 'Cessionario / committente',
    vatNumber: (value: string) => `P.IVA ${value}`,
    fiscalCode: (value: string) => `Codice fiscale ${value}`,
    pec: (value: string) => `PEC ${value}`,
    rea: (value: string) => `REA ${value}`,
    shareCapital: (value: string) => `Capitale sociale ${value}`,
    taxRegime: (value: string) => `Regime fiscale ${value}`,
    recipientCode: (value: string) => `Codice destinatario: ${value}`,
    email: (value: string) => `Email ${value}`,
    lines: {
      description: 'Descrizione',
      quantity: 'Quantità',
      amount: 'Imponibile',
      amountTaxIncluded: 'Importo (IVA inclusa)',
      subscription: (product: string) => `Abbonamento ${product}`,
    },
    period: (from: string, to: string) => `Periodo dal ${from} al ${to}`,
    discount: 'Sconto',
    subtotal: 'Totale righe',
    taxable: 'Imponibile',
    vat: (rate: string) => `IVA ${rate} %`,
    total: 'Totale fattura',
    paidWith: (card: string, date: string) => `Pagamento: ${card}, pagata il ${date}.`,
    card: (brand: string, last4: string) => `carta ${brand} •••• ${last4}`,
    anyCard: 'carta di pagamento',
    stripeReference: (id: string, number: string | null) =>
      `Riferimento del pagamento (Stripe): ${id}${number ? ` · ${number}` : ''}`,
    footer: 'Copia di cortesia della fattura. Pagamento già ricevuto: non è dovuto alcun ulteriore importo.',
    subject: (number: string) => `Fattura ${number}`,
  },
  /** The credit note of a refund: its PDF, its line and the invoice list's label. */
  creditNote: {
    title: (number: string) => `Nota di credito n. ${number}`,
    subject: (number: string) => `Nota di credito ${number}`,
    line: (invoice: string) => `Rimborso relativo alla fattura n. ${invoice}`,
    reference: (invoice: string, date: string) => `Rettifica della fattura n. ${invoice} del ${date}.`,
    total: 'Totale nota di credito',
    refundedWith: (card: string, date: string) => `Rimborso: ${card}, accreditato il ${date}.`,
    footer:
      'Copia di cortesia della nota di credito. L’importo è stato rimborsato sul mezzo di pagamento usato.',
    kind: 'Nota di credito',
    refers: (invoice: string) => `rif. fattura ${invoice}`,
  },
  /** The operators' refund of an invoice from /admin. */
  refund: {
    action: 'Rimborsa',
    title: (number: string) => `Rimborso della fattura ${number}`,
    amount: 'Importo da rimborsare (€)',
    amountHint: (total: string) => `Vuoto: l’intera fattura (${total}).`,
    reason: 'Motivo',
    reasons: {
      requested_by_customer: 'Richiesto dal cliente',
      duplicate: 'Pagamento duplicato',
      fraudulent: 'Pagamento fraudolento',
    },
    note: 'Annotazione (facoltativa)',
    refunded: (amount: string) => `Rimborsati ${amount}`,
    creditNotes: (numbers: string) => `Note di credito: ${numbers}`,
    confirm: 'Conferma il rimborso',
    cancel: 'Annulla',
    done: 'Rimborso eseguito: la nota di credito sarà emessa a breve.',
    errors: {
      notRefundable: 'Questa fattura non è stata pagata con carta: non si può rimborsare da qui.',
      tooMuch: (left: string) => `L’importo supera quanto resta da rimborsare (${left}).`,
      amount: 'Scrivi un importo positivo in euro, per esempio 4,99.',
      alreadyRefunded: 'Questa fattura è già stata rimborsata per intero.',
      failed: 'Stripe non ha eseguito il rimborso: riprova più tardi.',
      notFound: 'Si possono rimborsare solo le fatture pagate ed emesse.',
    },
  },
  /** The electronic invoice (FatturaPA) and its transmission to SDI. */
  einvoice: {
    creditNoteReason: (number: string) => `Nota di credito a storno della fattura n. ${number}`,
    /** The SDI states an operator sees. */
    states: {
      pending: 'Da inviare',
      invalid: 'Da correggere',
      sent: 'Inviata',
      delivered: 'Consegnata',
      undeliverable: 'Non recapitata (a disposizione nell’area riservata)',
      rejected: 'Scartata',
    },
    notReady: 'Il file XML di questa fattura non è ancora pronto: riprova tra qualche minuto.',
    notRejected: 'Si può reinviare solo una fattura scartata da SDI.',
    /** The field named for a problem the official schema found. */
    schemaField: 'File XML (schema FatturaPA)',
    notInvalid: 'Questa fattura non ha un file elettronico da correggere.',
  },
  /** The download's answers. */
  errors: {
    notFound: 'Fattura non trovata.',
    notIssued: 'Questa fattura non è ancora stata pagata: il PDF sarà disponibile dopo il pagamento.',
    sellerMissing:
      'Le fatture non sono disponibili in questo momento: i dati fiscali del venditore non sono ancora completi. Riprova più tardi o scrivi all’assistenza.',
  },
} as const
