/** The demo product pages, with the product facts of the specification (content.md §1). */
import type { ProductSlug } from '../../modules/site-content/index.ts'

/** Wage tables per contract sector of the dispute program's database (16 sectors, over 13,000 tables). */
export const werteSectorCounts: [string, number][] = [
  ['Commercio e terziario', 2150],
  ['Metalmeccanica', 1620],
  ['Edilizia', 1410],
  ['Turismo e pubblici esercizi', 1080],
  ['Alimentare', 890],
  ['Trasporti e logistica', 860],
  ['Agricoltura', 820],
  ['Chimica e farmaceutica', 740],
  ['Tessile e abbigliamento', 690],
  ['Servizi e pulizie', 560],
  ['Sanità privata', 470],
  ['Legno e arredamento', 420],
  ['Credito e assicurazioni', 410],
  ['Poligrafici e spettacolo', 380],
  ['Energia e utilities', 310],
  ['Lavoro domestico', 260],
]

/** Territorial and company wage tables of the add-on (11 sectors, over 15,000 tables). */
export const wertePlusSectorCounts: [string, number][] = [
  ['Commercio e terziario', 3120],
  ['Metalmeccanica', 2480],
  ['Edilizia', 2350],
  ['Turismo e pubblici esercizi', 1640],
  ['Alimentare', 1210],
  ['Agricoltura', 1180],
  ['Trasporti e logistica', 1050],
  ['Chimica e farmaceutica', 890],
  ['Tessile e abbigliamento', 760],
  ['Servizi e pulizie', 480],
  ['Credito e assicurazioni', 300],
]

const rows = (counts: [string, number][]) => counts.map(([sector, count]) => ({ sector, count }))

/** A demo video's entry as uploaded: the ids of its files in site-media. */
export type DemoVideoEntry = {
  title: string
  text: string
  video: number
  poster: number
  captions: number
  transcript: string
}

/** File names the pages refer to, uploaded before the pages are created. */
export type DemoFileIds = {
  screenshots: { id: number; caption: string }[]
  reports: Record<ProductSlug, number>
  videos: Partial<Record<ProductSlug, DemoVideoEntry[]>>
}

/** The 'Guarda … al lavoro' section of a product, when it has videos. */
function videoSection(name: string, videos: DemoVideoEntry[] | undefined) {
  if (!videos?.length) return []
  return [
    {
      blockType: 'demoVideos' as const,
      heading: `Guarda ${name} al lavoro`,
      intro:
        'Brevi video registrati sul portale: con i sottotitoli in italiano e la trascrizione sotto ogni video.',
      videos,
    },
  ]
}

export function demoProductPages(files: DemoFileIds) {
  return [
    {
      slug: 'werte' as const,
      title: 'Werte',
      tagline:
        'Il programma desktop e online per il calcolo delle differenze retributive nelle vertenze di lavoro, integrato con la banca dati dei CCNL.',
      metaDescription:
        'Werte calcola le differenze retributive nelle vertenze di lavoro con i dati di oltre 460 contratti collettivi dal 1975. Scelto da oltre 1.500 studi professionali.',
      layout: [
        {
          blockType: 'hero' as const,
          eyebrow: 'Vertenze di lavoro',
          heading: 'Le differenze retributive calcolate con i contratti giusti, dal 1975 a oggi',
          lead: 'Werte è il programma desktop e online per il calcolo delle differenze retributive nelle vertenze di lavoro. È integrato con la banca dati dei contratti collettivi: minimi, scatti, indennità e decorrenze sono già pronti, tu inserisci solo i dati del lavoratore.',
          highlights: [
            { value: '460+', label: 'contratti collettivi' },
            { value: '16', label: 'settori contrattuali' },
            { value: '1975', label: "l'anno dei primi dati" },
            { value: '1.500+', label: 'studi professionali' },
          ],
          ctaLabel: 'Richiedi informazioni',
        },
        {
          blockType: 'featureList' as const,
          heading: 'Tutto il conteggio, in cinque passaggi',
          intro:
            'Il calcolo segue il percorso di una vertenza: dalla scheda del lavoratore al prospetto finale delle differenze.',
          columns: '3' as const,
          items: [
            {
              title: 'Dati anagrafici',
              text: 'Lavoratore, datore di lavoro, periodo del rapporto e motivo della cessazione.',
            },
            {
              title: 'Inquadramento contrattuale',
              text: 'Il CCNL, la categoria e il livello, con i passaggi di livello nel tempo.',
            },
            {
              title: 'Orario di lavoro',
              text: 'Tempo pieno o parziale, straordinari, lavoro notturno e festivo.',
            },
            {
              title: 'Voci contrattuali rivendicate',
              text: 'Minimi, contingenza, scatti, mensilità aggiuntive, ferie, permessi e TFR.',
            },
            {
              title: 'Somme effettivamente percepite',
              text: 'Quanto il lavoratore ha ricevuto, mese per mese, da confrontare con il dovuto.',
            },
            {
              title: 'Prospetto finale',
              text: 'Differenze per anno e per voce, interessi e rivalutazione, pronte da stampare.',
            },
          ],
        },
        {
          blockType: 'wageTableCounts' as const,
          heading: 'Oltre 13.000 tabelle retributive in 16 settori',
          intro:
            'Le tabelle della banca dati disponibili in Werte, per settore contrattuale. Le tabelle mancanti vengono inserite gratuitamente entro 5 giorni lavorativi dalla richiesta.',
          display: 'table' as const,
          rows: rows(werteSectorCounts),
          note: 'Dati aggiornati ogni mese.',
        },
        ...videoSection('Werte', files.videos.werte),
        {
          blockType: 'faq' as const,
          heading: 'Domande frequenti su Werte',
          items: [
            {
              question: 'Su quanti dispositivi posso usare Werte?',
              answer:
                'Su un numero illimitato di dispositivi, anche se non necessariamente in contemporanea. Non ci sono limiti al numero di conteggi per archivio.',
            },
            {
              question: 'Cosa succede se manca una tabella retributiva?',
              answer: 'Segnalacela: la inseriamo gratuitamente entro 5 giorni lavorativi.',
            },
            {
              question: 'Ogni quanto sono aggiornati i dati?',
              answer: 'Ogni mese, con i rinnovi e gli accordi pubblicati nel periodo.',
            },
            {
              question: 'Posso provarlo prima di acquistarlo?',
              answer: 'Sì: scrivici con il modulo in fondo alla pagina e ti organizziamo una dimostrazione.',
            },
          ],
        },
        {
          blockType: 'printReport' as const,
          heading: 'Il report di stampa',
          text: 'Il prospetto che Werte produce alla fine del calcolo: differenze per anno e per voce, pronto da allegare al ricorso.',
          linkLabel: 'Scarica un report di esempio',
          file: files.reports.werte,
        },
        {
          blockType: 'contactForm' as const,
          heading: 'Richiedi informazioni su Werte',
          intro: 'Lasciaci i tuoi dati: ti ricontattiamo per una dimostrazione e un preventivo.',
        },
      ],
    },
    {
      slug: 'wertecolf' as const,
      title: 'Werte Colf',
      tagline:
        'Paghe e vertenze del lavoro domestico: assunzione, buste paga, vertenze, TFR, modulistica e certificazione annuale.',
      metaDescription:
        'Werte Colf gestisce il lavoro domestico: assunzione, buste paga, calcolo delle vertenze, verifica del TFR, modulistica, certificazione annuale e prospetti dei contributi.',
      layout: [
        {
          blockType: 'hero' as const,
          eyebrow: 'Lavoro domestico',
          heading: 'Colf, badanti e baby sitter: paghe e vertenze in un unico programma',
          lead: 'Werte Colf accompagna tutto il rapporto di lavoro domestico, dall’assunzione alla cessazione, con il CCNL del lavoro domestico sempre aggiornato.',
          highlights: [
            { value: '7', label: 'strumenti in un programma' },
            { value: '100%', label: 'online e desktop' },
          ],
          ctaLabel: 'Richiedi informazioni',
        },
        {
          blockType: 'featureList' as const,
          heading: 'Cosa fa Werte Colf',
          columns: '3' as const,
          items: [
            { title: 'Assunzione', text: 'Anagrafiche, inquadramento, orario e comunicazioni obbligatorie.' },
            { title: 'Buste paga', text: 'Cedolini mensili con ferie, tredicesima e TFR maturati.' },
            {
              title: 'Calcolo vertenze',
              text: 'Differenze retributive del rapporto domestico, anno per anno.',
            },
            { title: 'Verifica del TFR', text: 'Quote annuali, rivalutazione e anticipi.' },
            { title: 'Modulistica', text: 'Lettere di assunzione, dimissioni, ricevute e dichiarazioni.' },
            { title: 'Certificazione annuale', text: 'La dichiarazione dei compensi per il lavoratore.' },
            { title: 'Prospetti dei contributi', text: 'Riepiloghi dei contributi INPS per trimestre.' },
          ],
        },
        {
          blockType: 'screenshotCarousel' as const,
          heading: 'Le schermate del programma',
          slides: files.screenshots.map((shot) => ({ image: shot.id, caption: shot.caption })),
        },
        {
          blockType: 'faq' as const,
          heading: 'Domande frequenti su Werte Colf',
          items: [
            {
              question: 'Posso gestire più datori di lavoro?',
              answer:
                'Sì, senza limiti: ogni datore di lavoro ha il suo archivio di lavoratori e buste paga.',
            },
            {
              question: 'Il CCNL del lavoro domestico è aggiornato?',
              answer: 'Sì: minimi retributivi, indennità e contributi sono aggiornati ogni mese.',
            },
            {
              question: 'Su quanti dispositivi posso usarlo?',
              answer:
                'Su un numero illimitato di dispositivi, anche se non necessariamente in contemporanea.',
            },
          ],
        },
        {
          blockType: 'printReport' as const,
          heading: 'Il report di stampa',
          text: 'Un esempio di busta paga e di prospetto della vertenza come li stampa Werte Colf.',
          linkLabel: 'Scarica un report di esempio',
          file: files.reports.wertecolf,
        },
        {
          blockType: 'contactForm' as const,
          heading: 'Richiedi informazioni su Werte Colf',
          intro: 'Ti ricontattiamo per una dimostrazione e un preventivo.',
        },
      ],
    },
    {
      slug: 'werteplus' as const,
      title: 'Werte Plus',
      tagline:
        'La contrattazione decentrata: oltre 15.000 tabelle retributive territoriali e aziendali di tutte le regioni, in 11 settori.',
      metaDescription:
        'Werte Plus aggiunge a Werte oltre 15.000 tabelle retributive della contrattazione territoriale e aziendale: tutte le regioni, 11 settori, aggiornamenti mensili.',
      layout: [
        {
          blockType: 'hero' as const,
          eyebrow: 'Modulo aggiuntivo di Werte',
          heading: 'La contrattazione di secondo livello, in tutte le regioni',
          lead: 'Werte Plus porta nei tuoi calcoli le tabelle retributive della contrattazione territoriale e aziendale: premi, indennità ed elementi retributivi che i CCNL nazionali non contengono.',
          highlights: [
            { value: '15.000+', label: 'tabelle retributive' },
            { value: '20', label: 'regioni' },
            { value: '11', label: 'settori' },
            { value: '5 gg', label: 'per inserire le tabelle mancanti' },
          ],
          ctaLabel: 'Richiedi informazioni',
        },
        {
          blockType: 'featureList' as const,
          heading: 'Perché Werte Plus',
          columns: '2' as const,
          items: [
            {
              title: 'Tutte le regioni',
              text: 'Accordi provinciali e regionali di tutto il territorio nazionale.',
            },
            { title: '11 settori', text: 'Dal commercio all’edilizia, dai servizi al turismo.' },
            {
              title: 'Tabelle mancanti gratis',
              text: 'Le inseriamo gratuitamente entro 5 giorni lavorativi dalla richiesta.',
            },
            { title: 'Aggiornamenti mensili', text: 'Ogni mese i nuovi accordi e le nuove decorrenze.' },
          ],
        },
        {
          blockType: 'wageTableCounts' as const,
          heading: 'Le tabelle per settore',
          intro:
            'Il numero di tabelle retributive territoriali e aziendali disponibili, per settore contrattuale.',
          display: 'both' as const,
          rows: rows(wertePlusSectorCounts),
          note: 'Dati aggiornati ogni mese.',
        },
        {
          blockType: 'databaseFigures' as const,
          heading: 'La banca dati in cifre',
          intro:
            'I contratti e le tabelle retributive della banca dati su cui lavora Werte Plus, e le notizie del Quotidiano che ogni mese ne segnalano i rinnovi e le novità. Le cifre sono contate dalla banca dati a ogni aggiornamento.',
        },
        ...videoSection('Werte Plus', files.videos.werteplus),
        {
          blockType: 'faq' as const,
          heading: 'Domande frequenti su Werte Plus',
          items: [
            {
              question: 'Serve Werte per usare Werte Plus?',
              answer: 'Sì: Werte Plus è un modulo aggiuntivo e si usa dentro Werte.',
            },
            {
              question: 'Cosa succede se manca una tabella?',
              answer: 'Segnalacela: la inseriamo gratuitamente entro 5 giorni lavorativi.',
            },
            { question: 'Ogni quanto sono aggiornati i dati?', answer: 'Ogni mese.' },
          ],
        },
        {
          blockType: 'printReport' as const,
          heading: 'Il report di stampa',
          text: 'Un esempio di prospetto con gli elementi della contrattazione territoriale.',
          linkLabel: 'Scarica un report di esempio',
          file: files.reports.werteplus,
        },
        {
          blockType: 'contactForm' as const,
          heading: 'Richiedi informazioni su Werte Plus',
          intro: 'Ti ricontattiamo per una dimostrazione e un preventivo.',
        },
      ],
    },
  ]
}
