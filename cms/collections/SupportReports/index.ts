import type { CollectionConfig } from 'payload'
import { reportTypeLabels, reportTypes } from '../../../modules/support/index.ts'
import { denyAll } from '../../access/denyAll.ts'
import { isAdmin } from '../../access/isAdmin.ts'

/** Reports sent from the help centre (POST /api/v1/user/invia-segnalazione); operators follow them up here. */
export const SupportReports: CollectionConfig = {
  slug: 'support-reports',
  labels: { singular: 'Segnalazione', plural: 'Segnalazioni' },
  admin: {
    group: 'Abbonati',
    useAsTitle: 'email',
    defaultColumns: ['createdAt', 'email', 'type', 'status'],
    listSearchableFields: ['email', 'name', 'body'],
    description:
      "Le segnalazioni inviate dal Centro Assistenza. Ognuna è anche inoltrata per e-mail all'assistenza.",
  },
  defaultSort: '-createdAt',
  access: { read: isAdmin, create: denyAll, update: isAdmin, delete: isAdmin },
  fields: [
    {
      type: 'row',
      fields: [
        {
          name: 'name',
          type: 'text',
          label: 'Nome',
          required: true,
          admin: { readOnly: true, width: '50%' },
        },
        {
          name: 'email',
          type: 'email',
          label: 'Email',
          required: true,
          index: true,
          admin: { readOnly: true, width: '50%' },
        },
      ],
    },
    {
      type: 'row',
      fields: [
        {
          name: 'type',
          type: 'select',
          label: 'Tipo di richiesta',
          required: true,
          options: reportTypes.map((value) => ({ value, label: reportTypeLabels[value] })),
          admin: { readOnly: true, width: '50%' },
        },
        {
          name: 'status',
          type: 'select',
          label: 'Stato',
          required: true,
          defaultValue: 'new',
          options: [
            { label: 'Da gestire', value: 'new' },
            { label: 'In lavorazione', value: 'open' },
            { label: 'Chiusa', value: 'closed' },
          ],
          admin: { width: '50%' },
        },
      ],
    },
    { name: 'body', type: 'textarea', label: 'Testo', required: true, admin: { readOnly: true, rows: 8 } },
    {
      name: 'userId',
      type: 'text',
      label: 'ID account',
      index: true,
      admin: { readOnly: true, position: 'sidebar' },
    },
    { name: 'notes', type: 'textarea', label: 'Note interne' },
  ],
  timestamps: true,
}
