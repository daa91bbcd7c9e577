/** The demo legal pages: terms and conditions (chapters of the specification), privacy and cookie policy. */
import { richText, type RichBlock } from './lexical.ts'
import type { LegalSlug } from '../../modules/site-content/index.ts'

type DemoSection = { title: string; body: RichBlock[]; subsections?: { title: string; body: RichBlock[] }[] }
export type DemoLegalPage = {
  slug: LegalSlug
  title: string
  lastUpdated: string
  metaDescription: string
  intro: RichBlock[]
  sections: DemoSection[]
}

const owner = 'Banca Dati CCNL S.r.l., Via del Lavoro 21, 00184 Roma, P.IVA 12345670017'
const supportMail = 'assistenza@bancadati.local'

const terms: DemoLegalPage = {
  slug: 'termini-e-condizioni',
  title: 'Termini e condizioni',
  lastUpdated: '2021-12-01T12:00:00.000Z',
  metaDescription:
    "Le condizioni d'uso e di vendita della Banca Dati CCNL: registrazione, abbonamenti, rinnovo e disdetta, diritto di recesso, responsabilità e foro competente.",
  intro: [
    `Questi termini regolano l'uso del portale Banca Dati CCNL e la vendita dei suoi abbonamenti. Il titolare del servizio è ${owner}.`,
    'Usando il portale accetti questi termini. Se non li accetti, non usare il servizio.',
  ],
  sections: [
    {
      title: '1. Condizioni di utilizzo',
      body: ['Questa sezione stabilisce come si accede al portale e come se ne possono usare i contenuti.'],
      subsections: [
        {
          title: '1.1 Registrazione',
          body: [
            "Per consultare la banca dati l'utente crea un account con dati veritieri e completi e custodisce le proprie credenziali.",
            {
              list: [
                'ogni utente può registrare un solo account;',
                'non sono ammessi account creati da bot o con sistemi automatici;',
                "l'account è personale e non può essere condiviso, salvo quanto previsto dalla formula Studio (3 account simultanei);",
                "l'utente dichiara di non trovarsi in un Paese soggetto a embargo e di non essere iscritto in liste di esclusione del Governo degli Stati Uniti.",
              ],
            },
            "Il titolare può sospendere l'account in caso di violazione di queste regole.",
          ],
        },
        {
          title: '1.2 Contenuti',
          body: [
            'I testi dei contratti collettivi, le tabelle retributive, le sintesi e le notizie sono raccolti e aggiornati con cura, con aggiornamenti mensili dei dati. Hanno valore informativo e non sostituiscono i testi ufficiali né una consulenza professionale.',
            'I contenuti restano di proprietà del titolare o dei rispettivi autori.',
          ],
        },
        {
          title: '1.3 Risorse esterne',
          body: [
            'Il portale può contenere collegamenti a siti di terzi. Il titolare non controlla quei siti e non risponde dei loro contenuti né delle loro condizioni.',
          ],
        },
        {
          title: '1.4 Uso consentito',
          body: [
            "Il servizio può essere usato per le esigenze professionali o personali dell'utente. Non è consentito estrarre in modo sistematico i dati, rivenderli o renderli accessibili a terzi senza il consenso scritto del titolare.",
          ],
        },
        {
          title: '1.5 Licenza del software',
          body: [
            "I software Werte, Werte Colf e Werte Plus sono concessi in licenza d'uso non esclusiva e non trasferibile per la durata dell'abbonamento. Possono essere installati su un numero illimitato di dispositivi, anche se non necessariamente in uso contemporaneo, e non pongono limiti al numero di conteggi per archivio.",
          ],
        },
      ],
    },
    {
      title: '2. Condizioni di vendita',
      body: ['Queste condizioni si applicano a ogni abbonamento acquistato sul portale.'],
      subsections: [
        {
          title: '2.1 Oggetto',
          body: [
            "L'abbonamento dà accesso ai contenuti del piano scelto: Premium (contratti e tabelle retributive in vigore) oppure Professional (in più l'archivio storico, la contrattazione territoriale e aziendale e altri strumenti). La formula Enterprise è offerta su richiesta.",
          ],
        },
        {
          title: '2.2 Conclusione del contratto',
          body: [
            "Il contratto si conclude quando il pagamento è confermato. L'utente riceve per e-mail la conferma con i dati dell'ordine.",
          ],
        },
        {
          title: '2.3 Prova gratuita',
          body: [
            'La prova gratuita dura 7 giorni, non richiede un metodo di pagamento e comprende i CCNL in vigore, le tabelle retributive in vigore e il quotidiano. Al termine non viene addebitato nulla.',
          ],
        },
        {
          title: '2.4 Prezzi',
          body: [
            'I prezzi sono indicati nella pagina Abbonamenti, IVA inclusa. Le offerte di lancio (per esempio il -50% sul primo periodo) valgono solo per il primo periodo di fatturazione.',
          ],
        },
        {
          title: '2.5 Pagamento',
          body: [
            'Gli abbonamenti si pagano con carta di credito o di debito.',
            'Gli abbonamenti mensili non possono essere pagati con bonifico bancario. Gli abbonamenti annuali possono essere pagati con bonifico su richiesta, inviando dal Centro Assistenza una segnalazione di tipo «Assistenza amministrativa».',
          ],
        },
        {
          title: '2.6 Durata e rinnovo',
          body: [
            "L'abbonamento decorre dal giorno del pagamento. Gli abbonamenti a durata determinata non possono essere interrotti prima della scadenza e si rinnovano automaticamente per la stessa durata, salvo disdetta.",
          ],
        },
        {
          title: '2.7 Disdetta',
          body: [
            'La disdetta si effettua dal profilo: Abbonamento, Modifica, Non rinnovare. Ha effetto alla fine del periodo già pagato ed è valida se ricevuta entro 1 giorno prima del rinnovo (almeno 24 ore prima).',
          ],
        },
        {
          title: '2.8 Cambio di piano',
          body: [
            "L'utente può passare a un piano superiore in qualsiasi momento, con effetto immediato e addebito della sola differenza per il periodo residuo. Il passaggio a un piano inferiore ha effetto alla fine del periodo pagato e va richiesto almeno 24 ore prima del rinnovo.",
          ],
        },
        {
          title: '2.9 Mancato pagamento',
          body: [
            "Se un canone periodico non viene pagato, il titolare può sospendere l'accesso fino al pagamento.",
          ],
        },
        {
          title: '2.10 Fatturazione',
          body: [
            "Le fatture sono emesse a ogni pagamento con i dati di fatturazione inseriti dall'utente e sono scaricabili dal profilo, nella sezione Fatturazione.",
          ],
        },
        {
          title: '2.11 Reclami',
          body: [
            `I reclami si inviano per e-mail a ${supportMail} con una breve descrizione del problema e i dati dell'ordine. Il titolare risponde entro 21 giorni.`,
          ],
        },
      ],
    },
    {
      title: "3. Diritti dell'utente",
      body: ['I consumatori residenti nell’Unione europea godono dei diritti che seguono.'],
      subsections: [
        {
          title: '3.1 Diritto di recesso',
          body: [
            "Il consumatore europeo può recedere dal contratto entro 14 giorni dalla conclusione, senza indicarne il motivo, inviando una dichiarazione esplicita o il modulo qui sotto. Il rimborso dei pagamenti ricevuti avviene entro 14 giorni dal ricevimento della comunicazione, con lo stesso mezzo di pagamento usato per l'acquisto.",
            { heading: 'Modulo di recesso' },
            `Da compilare e restituire solo se si desidera recedere dal contratto. Destinatario: ${owner}, ${supportMail}.`,
            {
              list: [
                'Con la presente notifico il recesso dal mio contratto per la prestazione dei seguenti beni o servizi: …',
                'Ordinato il: …',
                'Ricevuto il: …',
                'Nome del consumatore: …',
                'Indirizzo del consumatore: …',
                'Data: …',
                'Firma del consumatore (solo se il modulo è inviato in formato cartaceo): …',
              ],
            },
          ],
        },
      ],
    },
    {
      title: '4. Limitazione di responsabilità e manleva',
      body: [
        "Il titolare cura l'esattezza dei dati ma non garantisce che siano privi di errori e non risponde dei danni derivanti dal loro uso, salvo dolo o colpa grave. L'utente tiene indenne il titolare da pretese di terzi derivanti da un uso del servizio contrario a questi termini.",
      ],
    },
    {
      title: '5. Disposizioni comuni',
      body: [
        {
          list: [
            'Il mancato esercizio di un diritto da parte del titolare non costituisce rinuncia a quel diritto.',
            "Il servizio può essere interrotto per manutenzione o per cause di forza maggiore, con preavviso quando possibile; alla cessazione del servizio l'utente può estrarre i propri dati entro un termine ragionevole.",
            'È vietata la rivendita del servizio senza il consenso scritto del titolare.',
            'I diritti di proprietà intellettuale su portale, software e contenuti restano del titolare.',
            "Il titolare può modificare questi termini dandone preavviso; le modifiche valgono solo per il futuro e l'uso continuato del servizio dopo la modifica vale come accettazione.",
            "L'utente non può cedere il contratto senza il consenso del titolare.",
            'Se una clausola è invalida, le altre restano efficaci.',
          ],
        },
      ],
    },
    {
      title: '6. Risoluzione delle controversie',
      body: [
        'Questi termini sono regolati dalla legge del luogo in cui ha sede il titolare. Per il consumatore europeo prevalgono le norme più favorevoli del Paese di residenza.',
        "È competente in via esclusiva il foro della sede del titolare, salvo per i consumatori dell'Unione europea e per i consumatori residenti in Svizzera, Norvegia e Islanda, per i quali è competente il foro del luogo di residenza.",
      ],
    },
    {
      title: 'Definizioni',
      body: [
        {
          list: [
            `Titolare: ${owner}.`,
            'Portale o servizio: la Banca Dati CCNL e i software collegati.',
            'Utente: chi usa il portale, registrato o no.',
            'Consumatore: la persona fisica che agisce per scopi estranei alla propria attività professionale.',
            'Abbonamento: il diritto di accesso ai contenuti di un piano per il periodo pagato.',
          ],
        },
      ],
    },
  ],
}

const privacy: DemoLegalPage = {
  slug: 'privacy-policy',
  title: 'Privacy policy',
  lastUpdated: '2021-12-01T12:00:00.000Z',
  metaDescription:
    'Come la Banca Dati CCNL tratta i dati personali di utenti e abbonati: finalità, basi giuridiche, conservazione e diritti.',
  intro: [`Titolare del trattamento è ${owner}. Per ogni richiesta sui tuoi dati scrivi a ${supportMail}.`],
  sections: [
    {
      title: 'Dati raccolti',
      body: [
        {
          list: [
            "dati dell'account: nome, cognome, e-mail, professione;",
            'dati di fatturazione: ragione sociale, indirizzo, codice fiscale o partita IVA, PEC o codice univoco;',
            'dati di pagamento: gestiti dal fornitore dei pagamenti, il portale conserva solo il circuito e le ultime quattro cifre della carta;',
            'dati di utilizzo: contratti preferiti, consultazioni recenti, segnalazioni inviate al Centro Assistenza.',
          ],
        },
      ],
    },
    {
      title: 'Finalità e basi giuridiche',
      body: [
        "Trattiamo i dati per fornire il servizio e gestire l'abbonamento (esecuzione del contratto), per gli obblighi fiscali (obbligo di legge), per rispondere alle richieste di informazioni (misure precontrattuali) e, solo con il tuo consenso, per misurare l'uso del sito con cookie analitici.",
      ],
    },
    {
      title: 'Conservazione',
      body: [
        'Ogni dato è conservato per il tempo indicato nella tabella «Quali dati conserviamo e per quanto tempo» in fondo a questa pagina; i documenti fiscali per 10 anni, come prevede la legge.',
      ],
    },
    {
      title: 'Destinatari',
      body: [
        'I dati sono trattati da fornitori che agiscono per nostro conto (hosting, invio e-mail, pagamenti, gestione dei contatti commerciali), vincolati da un accordo sul trattamento dei dati.',
      ],
    },
    {
      title: 'I tuoi diritti',
      body: [
        "Puoi chiedere l'accesso, la rettifica, la cancellazione, la limitazione e la portabilità dei tuoi dati, opporti al trattamento e revocare il consenso in qualsiasi momento. Puoi proporre reclamo al Garante per la protezione dei dati personali.",
        'Una copia dei dati che conserviamo su di te (archivio ZIP con file JSON e CSV) si chiede da Profilo › Sicurezza, «Scarica i miei dati»: il link per scaricarla arriva per e-mail ed è valido 24 ore.',
      ],
    },
  ],
}

const cookies: DemoLegalPage = {
  slug: 'cookie-policy',
  title: 'Cookie policy',
  lastUpdated: '2021-12-01T12:00:00.000Z',
  metaDescription:
    'I cookie usati dalla Banca Dati CCNL: cookie necessari e cookie analitici facoltativi, e come cambiare la tua scelta.',
  intro: [
    'Questa pagina spiega quali cookie usa il portale e come puoi scegliere quali accettare. Puoi cambiare la tua scelta in qualsiasi momento con il collegamento «Preferenze cookie» in fondo a ogni pagina.',
  ],
  sections: [
    {
      title: 'Cookie necessari',
      body: [
        "Servono al funzionamento del portale e non richiedono consenso: mantengono l'accesso all'account (bancadati.session_token) e ricordano la tua scelta sui cookie (cc_cookie, 6 mesi).",
      ],
    },
    {
      title: 'Cookie analitici',
      body: [
        "Ci aiutano a capire quali pagine sono più consultate, in forma aggregata. Sono installati solo se li accetti e puoi rifiutarli senza alcuna conseguenza sull'uso del servizio.",
      ],
    },
    {
      title: 'Registrazione del consenso',
      body: [
        'Quando esprimi o cambi la tua scelta, registriamo le categorie accettate con data e ora e un identificativo anonimo del consenso, per poterla dimostrare.',
      ],
    },
  ],
}

/** The three demo legal pages as CMS data. */
export function demoLegalPages() {
  return [terms, privacy, cookies].map((page) => ({
    slug: page.slug,
    title: page.title,
    lastUpdated: page.lastUpdated,
    metaDescription: page.metaDescription,
    intro: richText(page.intro),
    sections: page.sections.map((section) => ({
      title: section.title,
      body: richText(section.body),
      subsections: (section.subsections ?? []).map((sub) => ({ title: sub.title, body: richText(sub.body) })),
    })),
  }))
}
