import type { Block, Field, PayloadRequest } from 'payload'

/**
 * The blocks editors compose the product pages with. Texts are plain text
 * (paragraphs separated by a blank line), so nothing an editor writes can
 * inject markup into the public pages.
 */

const paragraphsHint = 'Testo semplice; separa i paragrafi con una riga vuota.'

/**
 * Validates an upload field against the type of the chosen file: the admin's
 * filter only narrows the list, the API would take any file of site-media.
 */
function fileOfType(type: RegExp, message: string) {
  return async (value: unknown, { req }: { req: PayloadRequest }): Promise<string | true> => {
    if (value === null || value === undefined || value === '') return true
    const id = typeof value === 'object' ? (value as { id?: unknown }).id : value
    if (typeof id !== 'number' && typeof id !== 'string') return message
    const file = await req.payload
      .findByID({ collection: 'site-media', id, depth: 0, overrideAccess: true, req, disableErrors: true })
      .catch(() => null)
    return file && type.test(file.mimeType ?? '') ? true : message
  }
}

/** The title and introduction most blocks open with. */
function titled(defaultHeading?: string): Field[] {
  return [
    { name: 'heading', type: 'text', label: 'Titolo', required: true, defaultValue: defaultHeading },
    { name: 'intro', type: 'textarea', label: 'Introduzione', admin: { description: paragraphsHint } },
  ]
}

/** The band at the top of a product page. */
export const HeroBlock: Block = {
  slug: 'hero',
  labels: { singular: 'Apertura', plural: 'Aperture' },
  interfaceName: 'HeroBlock',
  fields: [
    { name: 'eyebrow', type: 'text', label: 'Occhiello' },
    { name: 'heading', type: 'text', label: 'Titolo', required: true },
    { name: 'lead', type: 'textarea', label: 'Sottotitolo', admin: { description: paragraphsHint } },
    {
      name: 'highlights',
      type: 'array',
      label: 'Numeri in evidenza',
      maxRows: 4,
      fields: [
        {
          type: 'row',
          fields: [
            { name: 'value', type: 'text', label: 'Valore', required: true, admin: { width: '40%' } },
            { name: 'label', type: 'text', label: 'Descrizione', required: true, admin: { width: '60%' } },
          ],
        },
      ],
    },
    { name: 'ctaLabel', type: 'text', label: 'Testo del pulsante', defaultValue: 'Richiedi informazioni' },
    {
      name: 'image',
      type: 'upload',
      relationTo: 'site-media',
      label: 'Immagine',
      filterOptions: { mimeType: { like: 'image/' } },
    },
  ],
}

/** A titled list of features, optionally with a short text per feature. */
export const FeatureListBlock: Block = {
  slug: 'featureList',
  labels: { singular: 'Elenco di funzioni', plural: 'Elenchi di funzioni' },
  interfaceName: 'FeatureListBlock',
  fields: [
    ...titled(),
    {
      name: 'columns',
      type: 'select',
      label: 'Colonne',
      defaultValue: '3',
      options: [
        { label: 'Due', value: '2' },
        { label: 'Tre', value: '3' },
      ],
    },
    {
      name: 'items',
      type: 'array',
      label: 'Funzioni',
      minRows: 1,
      required: true,
      fields: [
        { name: 'title', type: 'text', label: 'Funzione', required: true },
        { name: 'text', type: 'textarea', label: 'Descrizione' },
      ],
    },
  ],
}

/** The number of wage tables per contract sector, as a table, a bar chart or both. */
export const WageTableCountsBlock: Block = {
  slug: 'wageTableCounts',
  labels: { singular: 'Tabelle per settore', plural: 'Tabelle per settore' },
  interfaceName: 'WageTableCountsBlock',
  fields: [
    ...titled(),
    {
      name: 'display',
      type: 'select',
      label: 'Mostra come',
      required: true,
      defaultValue: 'table',
      options: [
        { label: 'Tabella', value: 'table' },
        { label: 'Grafico a barre', value: 'chart' },
        { label: 'Grafico e tabella', value: 'both' },
      ],
    },
    {
      name: 'rows',
      type: 'array',
      label: 'Settori',
      minRows: 1,
      required: true,
      fields: [
        {
          type: 'row',
          fields: [
            {
              name: 'sector',
              type: 'text',
              label: 'Settore contrattuale',
              required: true,
              admin: { width: '70%' },
            },
            {
              name: 'count',
              type: 'number',
              label: 'Tabelle',
              required: true,
              min: 0,
              admin: { width: '30%' },
            },
          ],
        },
      ],
    },
    { name: 'note', type: 'text', label: 'Nota sotto la tabella' },
  ],
}

/**
 * Demo videos: each entry is a phase or a topic with its uploaded video. The
 * page shows only the entries with a video, and no section at all without one.
 */
export const DemoVideosBlock: Block = {
  slug: 'demoVideos',
  labels: { singular: 'Video dimostrativi', plural: 'Video dimostrativi' },
  interfaceName: 'DemoVideosBlock',
  fields: [
    ...titled(),
    {
      name: 'videos',
      type: 'array',
      label: 'Video',
      minRows: 1,
      required: true,
      fields: [
        { name: 'title', type: 'text', label: 'Titolo', required: true },
        { name: 'text', type: 'textarea', label: 'Descrizione' },
        {
          name: 'video',
          type: 'upload',
          relationTo: 'site-media',
          label: 'Video (MP4 o WebM)',
          filterOptions: { mimeType: { like: 'video/' } },
          validate: fileOfType(/^video\//, 'Il video deve essere un file MP4 o WebM.'),
          admin: {
            description:
              'Le voci senza video non compaiono sul sito; senza alcun video la sezione non viene mostrata. Il video si scarica solo quando il visitatore lo avvia.',
          },
        },
        {
          type: 'row',
          fields: [
            {
              name: 'poster',
              type: 'upload',
              relationTo: 'site-media',
              label: 'Copertina (JPEG, WebP o PNG)',
              filterOptions: { mimeType: { in: ['image/jpeg', 'image/webp', 'image/png'] } },
              validate: fileOfType(
                /^image\/(jpeg|webp|png)$/,
                'La copertina deve essere un’immagine JPEG, WebP o PNG.',
              ),
              admin: { width: '50%', description: 'L’immagine mostrata prima che il video parta.' },
            },
            {
              name: 'captions',
              type: 'upload',
              relationTo: 'site-media',
              label: 'Sottotitoli in italiano (WebVTT)',
              filterOptions: { mimeType: { equals: 'text/vtt' } },
              validate: fileOfType(/^text\/vtt$/, 'I sottotitoli devono essere un file WebVTT (.vtt).'),
              admin: { width: '50%', description: 'Un file .vtt con i tempi di ogni battuta.' },
            },
          ],
        },
        {
          name: 'transcript',
          type: 'textarea',
          label: 'Trascrizione',
          admin: {
            description: `Cosa si vede e si dice nel video, per chi non può guardarlo. ${paragraphsHint}`,
          },
        },
      ],
    },
  ],
}

/**
 * The database in figures: contracts, pay tables and news per month over the
 * last twelve months, read from the database when the page is rendered.
 */
export const DatabaseFiguresBlock: Block = {
  slug: 'databaseFigures',
  labels: { singular: 'Cruscotto della banca dati', plural: 'Cruscotti della banca dati' },
  interfaceName: 'DatabaseFiguresBlock',
  admin: {
    // The figures are not typed in: they are counted from the contracts, pay tables and news.
    disableBlockName: true,
  },
  fields: titled('La banca dati in cifre'),
}

/** A carousel of screenshots. */
export const ScreenshotCarouselBlock: Block = {
  slug: 'screenshotCarousel',
  labels: { singular: 'Carosello di schermate', plural: 'Caroselli di schermate' },
  interfaceName: 'ScreenshotCarouselBlock',
  fields: [
    { name: 'heading', type: 'text', label: 'Titolo', required: true },
    {
      name: 'slides',
      type: 'array',
      label: 'Schermate',
      minRows: 1,
      maxRows: 10,
      required: true,
      fields: [
        {
          name: 'image',
          type: 'upload',
          relationTo: 'site-media',
          label: 'Immagine',
          required: true,
          filterOptions: { mimeType: { like: 'image/' } },
        },
        { name: 'caption', type: 'text', label: 'Didascalia', required: true },
      ],
    },
  ],
}

/** Frequently asked questions, as an accordion. */
export const FaqBlock: Block = {
  slug: 'faq',
  labels: { singular: 'Domande frequenti', plural: 'Domande frequenti' },
  interfaceName: 'FaqBlock',
  fields: [
    { name: 'heading', type: 'text', label: 'Titolo', required: true, defaultValue: 'Domande frequenti' },
    {
      name: 'items',
      type: 'array',
      label: 'Domande',
      minRows: 1,
      required: true,
      fields: [
        { name: 'question', type: 'text', label: 'Domanda', required: true },
        {
          name: 'answer',
          type: 'textarea',
          label: 'Risposta',
          required: true,
          admin: { description: paragraphsHint },
        },
      ],
    },
  ],
}

/** The information-request form (anchor #contattaci). */
export const ContactFormBlock: Block = {
  slug: 'contactForm',
  labels: { singular: 'Richiesta informazioni', plural: 'Richieste informazioni' },
  interfaceName: 'ContactFormBlock',
  fields: [...titled('Richiedi informazioni')],
}

/** A downloadable print report (a PDF uploaded by the editors). */
export const PrintReportBlock: Block = {
  slug: 'printReport',
  labels: { singular: 'Report di stampa', plural: 'Report di stampa' },
  interfaceName: 'PrintReportBlock',
  fields: [
    { name: 'heading', type: 'text', label: 'Titolo', required: true },
    { name: 'text', type: 'textarea', label: 'Testo', admin: { description: paragraphsHint } },
    {
      name: 'linkLabel',
      type: 'text',
      label: 'Testo del collegamento',
      required: true,
      defaultValue: 'Scarica il report di stampa',
    },
    {
      name: 'file',
      type: 'upload',
      relationTo: 'site-media',
      label: 'File PDF',
      required: true,
      filterOptions: { mimeType: { equals: 'application/pdf' } },
    },
  ],
}

/** Every block of a product page, in the order editors see them. */
export const productPageBlocks: Block[] = [
  HeroBlock,
  FeatureListBlock,
  WageTableCountsBlock,
  DatabaseFiguresBlock,
  DemoVideosBlock,
  ScreenshotCarouselBlock,
  FaqBlock,
  PrintReportBlock,
  ContactFormBlock,
]
