/** The articles of an agreement from its scope to hiring, working hours, holidays and public holidays. */
import { dateLong, esc, list, paragraphs, table } from './html.ts'
import type { ArticleTemplate } from './article-template.ts'
import { rankedLevels } from './pay.ts'

const monthWords: Record<number, string> = { 4: 'quattro', 6: 'sei', 12: 'dodici' }
const monthsInWords = (months: number) => monthWords[months] ?? String(months)

export const employmentArticles: ArticleTemplate[] = [
  {
    key: 'sfera',
    title: 'Sfera di applicazione',
    topic: 'Campo di applicazione',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `Il presente contratto disciplina in maniera unitaria, per tutto il territorio nazionale, i rapporti di lavoro tra le imprese e il personale dipendente dei seguenti comparti:`,
      ]) +
      list(c.terms.scope) +
      paragraphs([
        `Rientrano nella sfera di applicazione anche le imprese che, pur svolgendo in via prevalente una delle attività sopra elencate, esercitano attività complementari o accessorie, purché queste ultime non siano disciplinate da un diverso contratto collettivo sottoscritto dalle medesime parti.`,
        `Le parti si impegnano a verificare congiuntamente, in sede di Osservatorio nazionale, l'evoluzione delle attività comprese nel campo di applicazione, anche in relazione ai codici ATECO e al codice alfanumerico unico${c.cnelCode ? ` ${esc(c.cnelCode)}` : ''} attribuito dal CNEL.`,
      ]),
  },
  {
    key: 'decorrenza',
    title: 'Decorrenza e durata',
    topic: 'Campo di applicazione',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `Il presente contratto decorre dal ${dateLong(c.validFrom)} e scade il ${dateLong(c.expiresOn)}, sia per la parte normativa sia per la parte economica, salvo le diverse decorrenze espressamente previste per i singoli istituti.`,
        `Esso si intende rinnovato di anno in anno qualora non sia disdettato da una delle parti, con lettera raccomandata o posta elettronica certificata, almeno sei mesi prima della scadenza. In caso di disdetta il contratto resta in vigore fino a quando non sia sostituito dal successivo.`,
        `La piattaforma per il rinnovo è presentata in tempo utile per consentire l'apertura delle trattative sei mesi prima della scadenza. Durante i sei mesi precedenti e il mese successivo alla scadenza le parti non assumono iniziative unilaterali né procedono ad azioni dirette.`,
      ]),
  },
  {
    key: 'inscindibilita',
    title: 'Inscindibilità delle disposizioni e condizioni di miglior favore',
    topic: 'Campo di applicazione',
    core: false,
    body: () =>
      paragraphs([
        `Le disposizioni del presente contratto, nell'ambito di ogni istituto, sono correlate e inscindibili tra loro e non sono cumulabili con alcun altro trattamento.`,
        `Sono fatte salve le condizioni di miglior favore in atto per i lavoratori in servizio alla data di stipula, che restano loro assegnate a titolo personale.`,
      ]),
  },
  {
    key: 'relazioni',
    title: 'Sistema di relazioni sindacali e diritti di informazione',
    topic: 'Relazioni e diritti sindacali',
    core: false,
    body: ({ random }) =>
      paragraphs([
        `Le parti riconoscono nel sistema di relazioni sindacali lo strumento per conseguire, nel rispetto dei distinti ruoli, l'obiettivo comune di migliorare la competitività delle imprese e le condizioni di lavoro.`,
        `A livello nazionale, con cadenza annuale, le associazioni imprenditoriali forniscono alle organizzazioni sindacali informazioni sull'andamento del settore, sulle prospettive occupazionali, sull'utilizzo dei contratti a termine e sulle pari opportunità.`,
        random.pick([
          `A livello aziendale, nelle imprese con più di cinquanta dipendenti, la direzione informa annualmente la rappresentanza sindacale unitaria sulle prospettive produttive, sugli investimenti tecnologici e sui programmi di formazione.`,
          `Nelle imprese con più di cinquanta dipendenti è previsto un incontro annuale con le rappresentanze sindacali sui programmi di investimento, sull'organizzazione del lavoro e sulla formazione professionale.`,
        ]),
      ]),
  },
  {
    key: 'secondoLivello',
    title: 'Contrattazione di secondo livello',
    topic: 'Relazioni e diritti sindacali',
    core: true,
    body: () =>
      paragraphs([
        `La contrattazione di secondo livello si svolge, alternativamente, in sede aziendale o territoriale, per le materie e nei limiti stabiliti dal presente contratto, e ha durata triennale.`,
        `Gli accordi di secondo livello possono istituire premi di risultato correlati a incrementi di produttività, qualità, redditività, efficienza e innovazione, con le agevolazioni fiscali e contributive previste dalla legge, nonché definire piani di welfare aziendale.`,
        `In assenza di contrattazione di secondo livello, ai lavoratori in forza è riconosciuto l'elemento economico di garanzia nella misura e con le modalità previste dall'accordo di rinnovo.`,
      ]),
  },
  {
    key: 'bilateralita',
    title: 'Enti bilaterali',
    topic: 'Welfare contrattuale',
    core: false,
    applies: (c) => Boolean(c.terms.bilateral),
    body: ({ contract: c }) =>
      paragraphs([
        `Le parti confermano il ruolo del sistema bilaterale (${esc(c.terms.bilateral ?? '')}) quale strumento per lo svolgimento delle attività in materia di formazione professionale, sicurezza sul lavoro, sostegno al reddito e osservatorio del mercato del lavoro.`,
        `Il contributo a favore dell'ente bilaterale è ripartito tra impresa e lavoratore nella misura stabilita dall'allegato al presente contratto. L'impresa che non aderisce al sistema bilaterale corrisponde al lavoratore un elemento distinto della retribuzione di importo equivalente.`,
      ]),
  },
  {
    key: 'assemblea',
    title: 'Assemblea',
    topic: 'Relazioni e diritti sindacali',
    core: false,
    body: () =>
      paragraphs([
        `Nelle unità produttive con più di quindici dipendenti i lavoratori hanno diritto di riunirsi in assemblea, fuori dell'orario di lavoro nonché durante l'orario di lavoro nei limiti di dieci ore annue retribuite.`,
        `Le assemblee sono indette dalle rappresentanze sindacali con preavviso di almeno due giorni e comunicazione dell'ordine del giorno; possono partecipare dirigenti esterni del sindacato, previo preavviso alla direzione.`,
      ]),
  },
  {
    key: 'permessiSindacali',
    title: 'Permessi per dirigenti sindacali',
    topic: 'Relazioni e diritti sindacali',
    core: false,
    body: () =>
      paragraphs([
        `I componenti delle rappresentanze sindacali unitarie hanno diritto a permessi retribuiti per l'espletamento del loro mandato, nella misura di otto ore mensili nelle unità produttive che occupano più di duecento dipendenti e di un'ora e mezza all'anno per ciascun dipendente nelle unità minori.`,
        `I lavoratori membri degli organi direttivi delle organizzazioni sindacali stipulanti hanno diritto a permessi per la partecipazione alle riunioni degli organi stessi, da richiedere per iscritto con almeno ventiquattro ore di anticipo.`,
      ]),
  },
  {
    key: 'tempoDeterminato',
    title: 'Contratto a tempo determinato',
    topic: 'Assunzione e mercato del lavoro',
    core: true,
    body: ({ random }) =>
      paragraphs([
        `L'assunzione a tempo determinato avviene nel rispetto della disciplina di legge. Oltre alle ipotesi previste dalla legge, il contratto di durata superiore a dodici mesi e non eccedente ventiquattro mesi può essere stipulato per le esigenze di carattere tecnico, organizzativo o produttivo individuate dal presente articolo, tra cui l'avvio di nuove attività, i picchi di lavoro stagionali e l'esecuzione di commesse di durata definita.`,
        `Il numero dei lavoratori assunti a tempo determinato non può superare il ${random.pick(['20', '25', '28'])}% dei lavoratori a tempo indeterminato in forza al 1° gennaio dell'anno di assunzione, con arrotondamento all'unità superiore. Sono esclusi dal limite i contratti conclusi per sostituzione di lavoratori assenti e quelli con lavoratori di età superiore a cinquanta anni.`,
        `Il lavoratore assunto a tempo determinato che abbia prestato attività per un periodo superiore a sei mesi ha diritto di precedenza nelle assunzioni a tempo indeterminato effettuate entro i successivi dodici mesi per le mansioni già espletate.`,
      ]),
  },
  {
    key: 'partTime',
    title: 'Lavoro a tempo parziale',
    topic: 'Assunzione e mercato del lavoro',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `Il rapporto a tempo parziale può essere di tipo orizzontale, verticale o misto. Il contratto, stipulato in forma scritta, indica la durata della prestazione e la collocazione temporale dell'orario con riferimento al giorno, alla settimana, al mese e all'anno.`,
        `La durata minima della prestazione è di ${c.terms.weeklyHours >= 40 ? 'sedici' : 'quindici'} ore settimanali, salvo le deroghe per studenti, lavoratori con più rapporti e lavoratori con figli di età inferiore a tredici anni.`,
        `Il datore di lavoro può richiedere prestazioni supplementari fino al raggiungimento dell'orario a tempo pieno, retribuite con la maggiorazione del 35%. Le clausole elastiche sono pattuite per iscritto e prevedono un preavviso di almeno due giorni lavorativi.`,
        `Il trattamento economico e normativo del lavoratore a tempo parziale è riproporzionato in base alla ridotta durata della prestazione.`,
      ]),
  },
  {
    key: 'apprendistato',
    title: 'Apprendistato professionalizzante',
    topic: 'Assunzione e mercato del lavoro',
    core: true,
    applies: (c) => c.terms.apprenticeMonths > 0,
    body: ({ contract: c }) =>
      paragraphs([
        `Possono essere assunti con contratto di apprendistato professionalizzante i giovani di età compresa tra diciotto e ventinove anni, nonché i beneficiari di trattamenti di disoccupazione per la loro qualificazione o riqualificazione.`,
        `La durata massima del periodo di apprendistato è di ${c.terms.apprenticeMonths} mesi; per i profili di minore complessità la durata è ridotta secondo la tabella allegata. La formazione di tipo professionalizzante, svolta sotto la responsabilità dell'impresa, è pari a ${c.terms.apprenticeTrainingHours} ore medie annue.`,
        c.pay.apprentices.some((a) => a.pct)
          ? `All'apprendista è riconosciuta una retribuzione pari a una percentuale della retribuzione del livello di destinazione, crescente nel corso dei periodi di apprendistato secondo la tabella dei minimi.`
          : `L'apprendista è inquadrato, per la prima parte del periodo, due livelli sotto quello di destinazione e, per la seconda parte, un livello sotto, secondo la tabella dei minimi.`,
        `Il periodo di prova è pari a quello previsto per il lavoratore qualificato del livello di destinazione. Al termine del periodo di apprendistato, in assenza di recesso, il rapporto prosegue come ordinario rapporto di lavoro a tempo indeterminato.`,
      ]),
  },
  {
    key: 'lavoroAgile',
    title: 'Lavoro agile',
    topic: 'Assunzione e mercato del lavoro',
    core: false,
    body: () =>
      paragraphs([
        `Il lavoro agile è una modalità di esecuzione del rapporto di lavoro subordinato, stabilita mediante accordo individuale scritto, senza precisi vincoli di orario o di luogo di lavoro e con il possibile utilizzo di strumenti tecnologici.`,
        `L'accordo individuale disciplina la durata, le fasce di contattabilità, il diritto alla disconnessione, gli strumenti di lavoro e le modalità di esercizio del potere di controllo. Il lavoratore agile ha diritto a un trattamento economico e normativo non inferiore a quello dei lavoratori che svolgono le medesime mansioni in azienda.`,
        `Hanno priorità nell'accesso al lavoro agile i lavoratori con figli fino a dodici anni di età, i lavoratori con disabilità grave e i caregiver familiari.`,
      ]),
  },
  {
    key: 'assunzione',
    title: 'Assunzione',
    topic: 'Assunzione e mercato del lavoro',
    core: true,
    body: () =>
      paragraphs([
        `L'assunzione del personale è effettuata secondo le norme di legge. Essa è comunicata al lavoratore con lettera nella quale sono specificati la data di inizio del rapporto, la durata dell'eventuale periodo di prova, il livello di inquadramento, la qualifica, il trattamento economico iniziale, l'orario di lavoro e il contratto collettivo applicato.`,
        `All'atto dell'assunzione il lavoratore consegna i documenti richiesti dalla legge e comunica la propria residenza e il proprio domicilio, impegnandosi a notificarne i successivi mutamenti.`,
      ]),
  },
  {
    key: 'prova',
    title: 'Periodo di prova',
    topic: 'Assunzione e mercato del lavoro',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `L'assunzione in servizio può avvenire con un periodo di prova, risultante da atto scritto, non superiore alle seguenti durate:`,
      ]) +
      table(
        ['Livelli', 'Durata massima del periodo di prova'],
        c.terms.probation.map(([group, duration]) => [esc(group), esc(duration)]),
      ) +
      paragraphs([
        `Durante il periodo di prova ciascuna delle parti può recedere dal rapporto in qualsiasi momento senza preavviso e con diritto al trattamento di fine rapporto e ai ratei delle mensilità aggiuntive e delle ferie.`,
        `La malattia e l'infortunio sospendono il periodo di prova, purché l'assenza non superi la metà della sua durata. Trascorso il periodo di prova senza disdetta, l'assunzione diviene definitiva e il servizio prestato è computato nell'anzianità.`,
      ]),
  },
  {
    key: 'classificazione',
    title: 'Classificazione del personale',
    topic: 'Classificazione e mansioni',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `I lavoratori sono inquadrati in una classificazione unica articolata nei livelli professionali sotto indicati, definiti da declaratorie generali e da profili esemplificativi. I profili hanno valore indicativo e consentono, per analogia, l'inquadramento delle figure non espressamente previste.`,
      ]) +
      table(
        ['Livello', 'Profili esemplificativi'],
        rankedLevels(c.pay).map((l) => [esc(l.label), esc(l.profiles)]),
        'Livelli di inquadramento',
      ) +
      paragraphs([
        `L'inquadramento del lavoratore è determinato dalle mansioni effettivamente svolte in via prevalente e continuativa.`,
      ]),
  },
  {
    key: 'mansioni',
    title: 'Mansioni e passaggi di livello',
    topic: 'Classificazione e mansioni',
    core: false,
    body: ({ random }) =>
      paragraphs([
        `Il lavoratore deve essere adibito alle mansioni per le quali è stato assunto o a quelle corrispondenti al livello superiore che abbia successivamente acquisito, ovvero a mansioni riconducibili allo stesso livello.`,
        `Nel caso di assegnazione a mansioni superiori il lavoratore ha diritto al trattamento corrispondente all'attività svolta; l'assegnazione diviene definitiva, salvo che abbia avuto luogo per la sostituzione di un lavoratore assente con diritto alla conservazione del posto, dopo un periodo di ${random.pick(['tre', 'quattro', 'sei'])} mesi continuativi.`,
        `Il lavoratore che svolga con carattere di continuità mansioni promiscue è inquadrato nel livello superiore quando le mansioni di tale livello abbiano rilevanza prevalente.`,
      ]),
  },
  {
    key: 'orario',
    title: 'Orario normale di lavoro',
    topic: 'Orario di lavoro',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `La durata normale dell'orario di lavoro è fissata in ${c.terms.weeklyHours} ore settimanali${c.terms.weeklyHours === 54 ? ' per i lavoratori conviventi, distribuite in non più di dieci ore giornaliere non consecutive' : ''}. L'orario può essere distribuito su cinque o sei giorni, secondo le esigenze organizzative dell'impresa, previo esame con le rappresentanze sindacali.`,
        `La durata media della prestazione, comprese le ore di lavoro straordinario, non può superare le quarantotto ore per ogni periodo di sette giorni, calcolata con riferimento a un periodo di ${monthsInWords(c.terms.averagingMonths ?? 12)} mesi.`,
        `Il lavoratore ha diritto a undici ore di riposo consecutivo ogni ventiquattro ore e, quando l'orario giornaliero ecceda le sei ore, a un intervallo per pausa non inferiore a dieci minuti.`,
      ]),
  },
  {
    key: 'flessibilita',
    title: "Flessibilità dell'orario e banca delle ore",
    topic: 'Orario di lavoro',
    core: false,
    body: ({ contract: c, random }) =>
      paragraphs([
        `Per far fronte alle variazioni dell'intensità lavorativa l'impresa può realizzare diversi regimi di orario, con il superamento dell'orario contrattuale in alcuni periodi dell'anno fino al limite di ${c.terms.weeklyHours + (c.terms.flexibleExtraHours ?? 8)} ore settimanali, per un massimo di ${random.pick(['16', '20', '24'])} settimane, e corrispondente riduzione in altri periodi.`,
        `È istituita la banca delle ore, nella quale confluiscono, a scelta del lavoratore, le ore di lavoro straordinario prestate oltre le prime ${random.pick(['32', '40', '48'])} ore annue. Le ore accantonate sono fruite come riposi compensativi entro i dodici mesi successivi; le maggiorazioni sono comunque liquidate nel mese di effettuazione della prestazione.`,
      ]),
  },
  {
    key: 'straordinario',
    title: 'Lavoro straordinario',
    topic: 'Orario di lavoro',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `È considerato lavoro straordinario quello prestato oltre l'orario normale settimanale. Il lavoro straordinario ha carattere eccezionale e non può essere richiesto, salvo casi di forza maggiore, oltre il limite di ${c.terms.overtimeYearly > 0 ? c.terms.overtimeYearly : 250} ore annue per ciascun lavoratore.`,
        `Le ore di lavoro straordinario sono retribuite con la quota oraria della retribuzione maggiorata del ${c.terms.overtimePct}%${c.terms.overtimePct < 20 ? ' per le ore dalla quarantunesima alla quarantottesima settimanale e del 20% per le ore successive' : ''}. La quota oraria si ottiene dividendo la retribuzione mensile per il divisore convenzionale ${c.pay.hourlyDivisor}.`,
        `Il lavoratore non può esimersi dal prestare lavoro straordinario entro i limiti indicati, salvo giustificati motivi di impedimento.`,
      ]),
  },
  {
    key: 'notturnoFestivo',
    title: 'Lavoro notturno e festivo',
    topic: 'Orario di lavoro',
    core: false,
    body: ({ contract: c }) =>
      paragraphs([
        `Per lavoro notturno si intende quello prestato tra le ore 22 e le ore 6. Le prestazioni sono compensate con le seguenti maggiorazioni sulla quota oraria della retribuzione:`,
      ]) +
      table(
        ['Prestazione', 'Maggiorazione'],
        [
          ['Lavoro notturno non compreso in turni regolari', `${c.terms.nightPct}%`],
          ['Lavoro notturno compreso in turni avvicendati', `${Math.max(10, c.terms.nightPct - 15)}%`],
          ['Lavoro festivo', `${c.terms.holidayPct}%`],
          ['Lavoro straordinario festivo', `${c.terms.holidayPct + 10}%`],
          ['Lavoro straordinario notturno', `${c.terms.nightPct + 10}%`],
        ],
      ) +
      paragraphs([`Le maggiorazioni non sono cumulabili tra loro: la maggiore assorbe la minore.`]),
  },
  {
    key: 'riposo',
    title: 'Riposo settimanale',
    topic: 'Orario di lavoro',
    core: false,
    body: () =>
      paragraphs([
        `Il lavoratore ha diritto a un periodo di riposo di almeno ventiquattro ore consecutive ogni sette giorni, di regola coincidente con la domenica, da cumulare con le ore di riposo giornaliero.`,
        `Al lavoratore che presti la propria opera nel giorno di riposo settimanale è riconosciuto un riposo compensativo in altro giorno della settimana, oltre alla maggiorazione prevista per il lavoro festivo.`,
      ]),
  },
  {
    key: 'ferie',
    title: 'Ferie',
    topic: 'Ferie e permessi',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `Il lavoratore ha diritto, per ogni anno di servizio, a un periodo di ferie retribuito pari a ${esc(c.terms.ferie)}.`,
        `Le ferie sono fruite, compatibilmente con le esigenze dell'impresa e tenuto conto dei desideri dei lavoratori, per almeno due settimane consecutive nell'anno di maturazione se richiesto dal lavoratore e, per le restanti, entro i diciotto mesi successivi.`,
        `Le ferie non possono essere sostituite dalla relativa indennità, salvo il caso di risoluzione del rapporto. La malattia insorta durante le ferie ne sospende il decorso quando comporti ricovero ospedaliero o una prognosi superiore a tre giorni.`,
      ]),
  },
  {
    key: 'festivita',
    title: 'Festività',
    topic: 'Ferie e permessi',
    core: false,
    body: () =>
      paragraphs([`Sono considerati giorni festivi, oltre alle domeniche:`]) +
      list([
        'Capodanno (1° gennaio) ed Epifania (6 gennaio)',
        'Anniversario della Liberazione (25 aprile) e Lunedì dell’Angelo',
        'Festa del lavoro (1° maggio) e Festa della Repubblica (2 giugno)',
        'Assunzione (15 agosto) e Ognissanti (1° novembre)',
        'Immacolata Concezione (8 dicembre), Natale (25 dicembre) e Santo Stefano (26 dicembre)',
        'il giorno del Santo Patrono della località in cui ha sede l’unità produttiva',
      ]) +
      paragraphs([
        `Per le festività coincidenti con la domenica al lavoratore è corrisposto un ulteriore importo pari a una quota giornaliera della retribuzione.`,
      ]),
  },
]
