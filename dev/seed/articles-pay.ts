/** The articles of an agreement on leave, pay, welfare, suspension, discipline and termination. */
import { monthlyPay } from '../../modules/content/index.ts'
import type { ContractFact } from './facts/model.ts'
import { dateLong, esc, euro, list, paragraphs, period, table } from './html.ts'
import type { ArticleTemplate } from './article-template.ts'

function months(c: ContractFact): string {
  return c.terms.extraMonths === 14 ? 'quattordici' : 'tredici'
}

export const payArticles: ArticleTemplate[] = [
  {
    key: 'permessi',
    title: "Permessi retribuiti e riduzione dell'orario",
    topic: 'Ferie e permessi',
    core: true,
    applies: (c) => c.terms.rolHours > 0,
    body: ({ contract: c }) =>
      paragraphs([
        `A titolo di riduzione dell'orario di lavoro sono riconosciuti ai lavoratori permessi individuali retribuiti per ${c.terms.rolHours} ore annue${c.terms.exFestivitaHours > 0 ? `, cui si aggiungono ${c.terms.exFestivitaHours} ore in sostituzione delle festività soppresse dalla legge n. 54 del 1977` : ''}.`,
        `I permessi sono fruiti individualmente, in gruppi di quattro o otto ore, in periodi di minore attività e mediante rotazione dei lavoratori, con preavviso di almeno quindici giorni. I permessi non fruiti entro l'anno di maturazione decadono e sono pagati con la retribuzione in atto al momento della scadenza, oppure possono essere fruiti entro il 30 giugno dell'anno successivo.`,
        `Per i neoassunti il diritto ai permessi matura in misura ridotta nei primi due anni di servizio, secondo la gradualità prevista dall'allegato.`,
      ]),
  },
  {
    key: 'congedoMatrimoniale',
    title: 'Congedo matrimoniale',
    topic: 'Ferie e permessi',
    core: false,
    body: ({ contract: c }) =>
      paragraphs([
        `Al lavoratore non in prova è concesso, in occasione del matrimonio o dell'unione civile, un congedo retribuito di ${c.terms.marriageDays} giorni di calendario, da fruire con decorrenza non anteriore a tre giorni prima della data della celebrazione.`,
        `Il congedo non può essere computato nel periodo di ferie annuali né nel periodo di preavviso di licenziamento.`,
      ]),
  },
  {
    key: 'permessiFamiliari',
    title: 'Permessi per eventi familiari e diritto allo studio',
    topic: 'Ferie e permessi',
    core: false,
    body: () =>
      paragraphs([
        `In caso di decesso o di documentata grave infermità del coniuge, anche legalmente separato, di un parente entro il secondo grado o del convivente, il lavoratore ha diritto a tre giorni di permesso retribuito all'anno.`,
        `Al fine di contribuire al miglioramento culturale e professionale, i lavoratori che frequentano corsi di studio in istituti pubblici o legalmente riconosciuti possono usufruire di permessi retribuiti nel limite di 150 ore pro capite per triennio, utilizzabili anche in un solo anno.`,
        `Ai lavoratori studenti sono inoltre concessi permessi retribuiti per sostenere le prove d'esame, per i soli giorni delle prove.`,
      ]),
  },
  {
    key: 'retribuzione',
    title: 'Elementi della retribuzione',
    topic: 'Retribuzione',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([`La retribuzione del lavoratore è composta dai seguenti elementi:`]) +
      list([
        'paga base nazionale conglobata o minimo tabellare',
        ...(c.pay.levels.some((l) => (l.costOfLiving ?? 0) > 0) ? ['indennità di contingenza'] : []),
        ...(c.pay.thirdElement > 0
          ? ['terzo elemento nazionale o elemento distinto della retribuzione']
          : []),
        ...(c.terms.seniority ? ['aumenti periodici di anzianità'] : []),
        'eventuali superminimi ed elementi retributivi definiti dalla contrattazione di secondo livello',
      ]) +
      paragraphs([
        `La retribuzione è corrisposta mensilmente, entro il giorno ${c.terms.extraMonths === 14 ? '10' : '15'} del mese successivo a quello di riferimento, mediante strumenti tracciabili, con consegna del prospetto paga contenente tutti gli elementi costitutivi.`,
        `La quota giornaliera si ottiene dividendo la retribuzione mensile per ${c.pay.dailyDivisor}; la quota oraria dividendo la retribuzione mensile per ${c.pay.hourlyDivisor}.`,
      ]),
  },
  {
    key: 'minimi',
    title: 'Minimi tabellari',
    topic: 'Retribuzione',
    core: true,
    body: ({ contract: c, levels, payDate }) => {
      const hasCol = levels.some((l) => l.costOfLiving > 0)
      const hasThird = levels.some((l) => l.thirdElement > 0)
      const hasOthers = levels.some((l) => (l.otherElements ?? []).length > 0)
      const head = [
        'Livello',
        'Paga base',
        ...(hasCol ? ['Contingenza'] : []),
        ...(hasThird ? ['Terzo elemento'] : []),
        ...(hasOthers ? ['Altri elementi'] : []),
        'Totale',
      ]
      const rows = levels.map((l) => [
        esc(l.code),
        euro(l.basePay),
        ...(hasCol ? [euro(l.costOfLiving)] : []),
        ...(hasThird ? [euro(l.thirdElement)] : []),
        ...(hasOthers
          ? [esc((l.otherElements ?? []).map((e) => `${e.name} ${euro(e.amount)}`).join('; ') || '–')]
          : []),
        `<strong>${euro(monthlyPay(l))}</strong>`,
      ])
      return (
        paragraphs([
          `I minimi retributivi mensili lordi in vigore dal ${dateLong(payDate)} sono i seguenti (importi in euro${c.pay.unit === 'oraria' ? ', orari' : ''}):`,
        ]) +
        table(head, rows, `Minimi tabellari dal ${dateLong(payDate)}`) +
        paragraphs([
          `Gli incrementi successivi decorrono alle scadenze stabilite dall'accordo di rinnovo e sono riportati nelle tabelle retributive della banca dati.`,
        ])
      )
    },
  },
  {
    key: 'scatti',
    title: 'Aumenti periodici di anzianità',
    topic: 'Retribuzione',
    core: true,
    applies: (c) => c.terms.seniority !== null,
    body: ({ contract: c, levels }) => {
      const s = c.terms.seniority as { count: number; years: number }
      return (
        paragraphs([
          `Per l'anzianità di servizio maturata presso la stessa impresa il lavoratore ha diritto a ${s.count} aumenti periodici ${s.years === 2 ? 'biennali' : s.years === 3 ? 'triennali' : `ogni ${s.years} anni`}, decorrenti dal primo giorno del mese successivo a quello di compimento del periodo.`,
        ]) +
        (c.pay.seniorityPct
          ? paragraphs([
              `L'importo di ciascun aumento è pari al ${Math.round(c.pay.seniorityPct * 100)}% della retribuzione minima contrattuale.`,
            ])
          : table(
              ['Livello', 'Importo di ciascun aumento'],
              levels.filter((l) => l.seniorityStep > 0).map((l) => [esc(l.code), euro(l.seniorityStep)]),
            )) +
        paragraphs([
          `Gli aumenti periodici non possono essere assorbiti da precedenti o successivi aumenti di merito, né questi ultimi possono essere assorbiti dagli aumenti periodici maturati o da maturare.`,
        ])
      )
    },
  },
  {
    key: 'mensilita',
    title: 'Mensilità aggiuntive',
    topic: 'Retribuzione',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `In occasione delle festività natalizie, e comunque entro il 20 dicembre, l'impresa corrisponde al personale una tredicesima mensilità pari alla retribuzione mensile di fatto in atto a quella data.`,
        c.terms.extraMonths === 14
          ? `Entro il mese di luglio è corrisposta una quattordicesima mensilità, di importo pari alla retribuzione mensile in atto al 30 giugno, con riferimento al periodo 1° luglio – 30 giugno.`
          : `Il presente contratto non prevede la quattordicesima mensilità; eventuali erogazioni analoghe restano disciplinate dalla contrattazione di secondo livello.`,
        `Nel caso di inizio o cessazione del rapporto nel corso dell'anno, il lavoratore ha diritto a tanti dodicesimi delle mensilità aggiuntive quanti sono i mesi di servizio prestati; la frazione di mese superiore a quindici giorni è considerata mese intero. La retribuzione annua si articola pertanto su ${months(c)} mensilità.`,
      ]),
  },
  {
    key: 'trasferte',
    title: 'Trasferte e rimborsi',
    topic: 'Retribuzione',
    core: false,
    body: ({ random }) =>
      paragraphs([
        `Al lavoratore inviato in missione temporanea fuori dal comune della sede di lavoro spetta il rimborso delle spese di viaggio, vitto e alloggio sostenute e documentate, nei limiti della normalità.`,
        `In alternativa al rimborso a piè di lista può essere corrisposta un'indennità forfettaria giornaliera di ${random.pick(['46,48', '48,00', '50,33'])} euro per la trasferta intera, ridotta di un terzo quando non comporti il pernottamento.`,
        `Il tempo di viaggio eccedente il normale orario è compensato con la retribuzione ordinaria, senza maggiorazioni, nei limiti di otto ore giornaliere.`,
      ]),
  },
  {
    key: 'welfare',
    title: 'Assistenza sanitaria integrativa e previdenza complementare',
    topic: 'Welfare contrattuale',
    core: false,
    applies: (c) => Boolean(c.terms.health || c.terms.pension),
    body: ({ contract: c, random }) =>
      paragraphs([
        ...(c.terms.health
          ? [
              `I lavoratori a tempo indeterminato, compresi gli apprendisti, sono iscritti al fondo di assistenza sanitaria integrativa ${esc(c.terms.health)}, con un contributo a carico dell'impresa di ${random.pick(['12', '13', '15', '16'])} euro mensili per ciascun iscritto.`,
            ]
          : []),
        ...(c.terms.pension
          ? [
              `Al fondo di previdenza complementare ${esc(c.terms.pension)} aderiscono, su base volontaria, i lavoratori non in prova. Il contributo a carico dell'impresa è pari all'${random.pick(['1,55', '2,00', '2,10'])}% della retribuzione utile al calcolo del TFR, a condizione che il lavoratore versi un contributo almeno pari.`,
            ]
          : []),
        `L'impresa che omette il versamento dei contributi ai fondi contrattuali è tenuta a corrispondere al lavoratore un importo equivalente, fermo restando il diritto alle prestazioni.`,
      ]),
  },
  {
    key: 'malattia',
    title: 'Malattia',
    topic: 'Malattia e infortunio',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `In caso di malattia il lavoratore deve avvertire l'impresa entro l'inizio del normale orario di lavoro del giorno in cui si verifica l'assenza e comunicare il numero di protocollo del certificato medico telematico, restando reperibile al domicilio nelle fasce orarie stabilite dalla legge.`,
        `Il lavoratore non in prova ha diritto alla conservazione del posto per un periodo complessivo di ${c.terms.sickDays} giorni in un anno solare (periodo di comporto). Superato tale limite, l'impresa può risolvere il rapporto corrispondendo il trattamento di fine rapporto e l'indennità sostitutiva del preavviso.`,
        `Durante il periodo di conservazione del posto al lavoratore è corrisposto ${esc(c.terms.sickPay)}.`,
        `Su richiesta del lavoratore, prima del superamento del comporto, può essere concesso un periodo di aspettativa non retribuita fino a centoventi giorni, durante il quale non decorre l'anzianità.`,
      ]),
  },
  {
    key: 'infortunio',
    title: 'Infortunio sul lavoro e malattia professionale',
    topic: 'Malattia e infortunio',
    core: false,
    body: () =>
      paragraphs([
        `Il lavoratore deve dare immediata notizia di qualsiasi infortunio, anche di lieve entità, al proprio responsabile. In caso di infortunio sul lavoro o di malattia professionale il lavoratore ha diritto alla conservazione del posto fino alla guarigione clinica certificata dall'INAIL.`,
        `L'impresa corrisponde la retribuzione intera per la giornata dell'infortunio e, dal primo giorno successivo, un'integrazione dell'indennità INAIL fino al raggiungimento del 100% della retribuzione netta.`,
      ]),
  },
  {
    key: 'maternita',
    title: 'Tutela della maternità e della paternità',
    topic: 'Maternità e congedi',
    core: true,
    body: () =>
      paragraphs([
        `Durante lo stato di gravidanza e il puerperio la lavoratrice ha diritto di astenersi dal lavoro per i periodi previsti dal testo unico approvato con il decreto legislativo n. 151 del 2001: due mesi prima della data presunta del parto e tre mesi dopo, ovvero, in alternativa, un mese prima e quattro mesi dopo.`,
        `Durante il congedo di maternità l'impresa integra l'indennità a carico dell'INPS fino al 100% della retribuzione globale. Il padre lavoratore ha diritto al congedo obbligatorio di dieci giorni lavorativi, fruibili dai due mesi precedenti ai cinque successivi al parto.`,
        `I genitori hanno diritto ai congedi parentali secondo la disciplina di legge, fruibili anche su base oraria secondo le modalità definite dalla contrattazione di secondo livello.`,
      ]),
  },
  {
    key: 'aspettativa',
    title: 'Aspettativa non retribuita',
    topic: 'Maternità e congedi',
    core: false,
    body: () =>
      paragraphs([
        `Al lavoratore con almeno tre anni di anzianità può essere concesso, per gravi e documentati motivi personali o familiari, un periodo di aspettativa non retribuita non superiore a sei mesi, durante il quale non matura alcun istituto contrattuale.`,
      ]),
  },
  {
    key: 'doveri',
    title: 'Doveri del lavoratore',
    topic: 'Disciplina',
    core: false,
    body: () =>
      paragraphs([
        `Il lavoratore deve osservare l'orario di lavoro, usare modi cortesi con il pubblico e tenere una condotta conforme ai civici doveri. In particolare deve:`,
      ]) +
      list([
        'svolgere le mansioni affidate con diligenza e osservare le disposizioni impartite dai superiori',
        'conservare assoluta segretezza sugli interessi dell’impresa e non trarre profitto da quanto forma oggetto delle sue funzioni',
        'avere cura dei locali, dei mobili, degli attrezzi e degli strumenti a lui affidati',
        'rispettare le norme in materia di salute e sicurezza sul lavoro e utilizzare i dispositivi di protezione',
        'non svolgere attività in concorrenza con l’impresa',
      ]),
  },
  {
    key: 'provvedimenti',
    title: 'Provvedimenti disciplinari',
    topic: 'Disciplina',
    core: true,
    body: ({ random }) =>
      paragraphs([
        `L'inosservanza dei doveri da parte del lavoratore comporta, secondo la gravità della mancanza, i seguenti provvedimenti:`,
      ]) +
      list([
        'biasimo inflitto verbalmente per le mancanze lievi',
        'biasimo inflitto per iscritto nei casi di recidiva',
        `multa in misura non eccedente l’importo di ${random.pick(['tre', 'quattro'])} ore della normale retribuzione`,
        'sospensione dalla retribuzione e dal servizio per un massimo di dieci giorni',
        'licenziamento disciplinare senza preavviso',
      ]) +
      paragraphs([
        `Nessun provvedimento più grave del rimprovero verbale può essere adottato senza la preventiva contestazione scritta dell'addebito e senza aver sentito il lavoratore a sua difesa, ai sensi dell'articolo 7 della legge n. 300 del 1970. Il provvedimento non può essere adottato prima che siano trascorsi cinque giorni dalla contestazione.`,
        `Non si tiene conto, ad alcun effetto, dei provvedimenti disciplinari decorsi due anni dalla loro applicazione.`,
      ]),
  },
  {
    key: 'licenziamentoDisciplinare',
    title: 'Licenziamento per mancanze',
    topic: 'Disciplina',
    core: false,
    body: () =>
      paragraphs([
        `Il licenziamento con immediata risoluzione del rapporto può essere adottato per le mancanze più gravi, quali l'assenza ingiustificata oltre tre giorni consecutivi, la recidiva in mancanze già sanzionate con la sospensione, il furto o il danneggiamento volontario di beni dell'impresa, la grave insubordinazione e la violazione del segreto d'ufficio.`,
        `In caso di licenziamento per mancanze il lavoratore non ha diritto al preavviso né alla relativa indennità sostitutiva, fermo il diritto al trattamento di fine rapporto.`,
      ]),
  },
  {
    key: 'preavviso',
    title: 'Preavviso',
    topic: 'Cessazione del rapporto',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `Il rapporto di lavoro a tempo indeterminato non può essere risolto da nessuna delle parti senza un preavviso, i cui termini, decorrenti dal primo o dal sedicesimo giorno di ciascun mese, sono i seguenti:`,
      ]) +
      table(
        c.terms.noticeHead.slice(),
        c.terms.notice.map((r) => r.map((cell) => esc(cell))),
      ) +
      paragraphs([
        `In caso di dimissioni i termini sono ridotti alla metà. La parte che risolve il rapporto senza l'osservanza dei termini di preavviso corrisponde all'altra un'indennità pari alla retribuzione per il periodo di mancato preavviso.`,
        `Il periodo di preavviso, anche se sostituito dalla relativa indennità, è computato nell'anzianità a tutti gli effetti.`,
      ]),
  },
  {
    key: 'dimissioni',
    title: 'Dimissioni',
    topic: 'Cessazione del rapporto',
    core: false,
    body: () =>
      paragraphs([
        `Le dimissioni sono rassegnate, a pena di inefficacia, esclusivamente con le modalità telematiche previste dalla legge, nel rispetto dei termini di preavviso.`,
        `L'assenza ingiustificata protratta oltre il termine previsto dalla legge consente all'impresa di darne comunicazione all'Ispettorato territoriale del lavoro, con l'effetto della risoluzione del rapporto per volontà del lavoratore.`,
      ]),
  },
  {
    key: 'tfr',
    title: 'Trattamento di fine rapporto',
    topic: 'Cessazione del rapporto',
    core: true,
    body: ({ contract: c }) =>
      paragraphs([
        `In ogni caso di risoluzione del rapporto di lavoro il lavoratore ha diritto a un trattamento di fine rapporto determinato secondo le norme dell'articolo 2120 del codice civile e della legge n. 297 del 1982.`,
        `La quota annua si ottiene dividendo per 13,5 la retribuzione utile dell'anno, comprensiva di tutte le somme corrisposte in dipendenza del rapporto a titolo non occasionale, con esclusione dei rimborsi spese. Il fondo accantonato è rivalutato al 31 dicembre di ogni anno con un tasso dell'1,5% in misura fissa e del 75% dell'aumento dell'indice ISTAT dei prezzi al consumo.`,
        `Il lavoratore con almeno otto anni di servizio può chiedere un'anticipazione non superiore al 70% del trattamento maturato, per spese sanitarie, acquisto della prima casa o congedi per la formazione.${c.terms.pension ? ` ${period(`Il TFR maturando può essere destinato al fondo ${esc(c.terms.pension)}`)}` : ''}`,
      ]),
  },
  {
    key: 'morte',
    title: 'Indennità in caso di morte',
    topic: 'Cessazione del rapporto',
    core: false,
    body: () =>
      paragraphs([
        `In caso di morte del lavoratore, l'indennità sostitutiva del preavviso e il trattamento di fine rapporto sono corrisposti al coniuge, ai figli e, se viventi a carico del lavoratore, ai parenti entro il terzo grado e agli affini entro il secondo grado, secondo l'articolo 2122 del codice civile.`,
      ]),
  },
]
