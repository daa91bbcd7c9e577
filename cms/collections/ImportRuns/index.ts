import type { CollectionConfig } from 'payload'
import { denyAll } from '../../access/denyAll.ts'
import { isAdmin } from '../../access/isAdmin.ts'
import { isEditor } from '../../access/isEditor.ts'
import { sourceEditor } from '../fields.ts'

/** The log of data imports (command line, nightly job, first start): status, counts and rejected records. */
export const ImportRuns: CollectionConfig = {
  slug: 'import-runs',
  labels: { singular: 'Importazione', plural: 'Importazioni' },
  admin: {
    group: 'Amministrazione',
    useAsTitle: 'title',
    defaultColumns: [
      'title',
      'status',
      'trigger',
      'created',
      'updated',
      'unchanged',
      'rejected',
      'startedAt',
    ],
    listSearchableFields: ['title', 'source'],
    description: 'Ogni importazione dei dati, con esito, conteggi ed errori.',
  },
  defaultSort: '-startedAt',
  access: { read: isEditor, create: denyAll, update: denyAll, delete: isAdmin },
  fields: [
    { name: 'title', type: 'text', label: 'Importazione', required: true },
    {
      type: 'row',
      fields: [
        {
          name: 'status',
          type: 'select',
          label: 'Esito',
          required: true,
          index: true,
          options: [
            { label: 'In corso', value: 'running' },
            { label: 'Completata', value: 'succeeded' },
            { label: 'Completata con scarti', value: 'partial' },
            { label: 'Non riuscita', value: 'failed' },
          ],
        },
        {
          name: 'trigger',
          type: 'select',
          label: 'Avvio',
          required: true,
          options: [
            { label: 'Riga di comando', value: 'cli' },
            { label: 'Pianificata (notturna)', value: 'job' },
            { label: 'Primo avvio', value: 'startup' },
          ],
        },
        {
          name: 'format',
          type: 'select',
          label: 'Formato',
          required: true,
          options: [
            { label: 'Pacchetto dati', value: 'package' },
            { label: 'Archivio CNEL', value: 'cnel' },
            { label: 'Elenco ATECO ISTAT', value: 'ateco' },
          ],
        },
        { name: 'dryRun', type: 'checkbox', label: 'Prova (nessuna modifica)', defaultValue: false },
      ],
    },
    { name: 'source', type: 'text', label: 'Origine' },
    {
      type: 'row',
      fields: [
        {
          name: 'startedAt',
          type: 'date',
          label: 'Inizio',
          index: true,
          admin: { date: { pickerAppearance: 'dayAndTime', displayFormat: 'dd/MM/yyyy HH:mm:ss' } },
        },
        {
          name: 'finishedAt',
          type: 'date',
          label: 'Fine',
          admin: { date: { pickerAppearance: 'dayAndTime', displayFormat: 'dd/MM/yyyy HH:mm:ss' } },
        },
        { name: 'durationMs', type: 'number', label: 'Durata (ms)' },
      ],
    },
    {
      type: 'row',
      fields: [
        { name: 'created', type: 'number', label: 'Creati', defaultValue: 0 },
        { name: 'updated', type: 'number', label: 'Aggiornati', defaultValue: 0 },
        { name: 'unchanged', type: 'number', label: 'Invariati', defaultValue: 0 },
        { name: 'rejected', type: 'number', label: 'Scartati', defaultValue: 0 },
      ],
    },
    { name: 'entities', type: 'json', label: 'Conteggi per entità', admin: { components: sourceEditor } },
    {
      name: 'errors',
      type: 'json',
      label: 'Record scartati',
      admin: {
        components: sourceEditor,
        description: 'File, riga, chiave e motivi di ogni record scartato (al massimo 1000).',
      },
    },
    { name: 'message', type: 'textarea', label: 'Messaggio' },
  ],
}
