import type { CollectionConfig } from 'payload'
import { denyAll } from '../../access/denyAll.ts'
import { isAdmin } from '../../access/isAdmin.ts'

/**
 * Marketing contacts: who signed up or showed interest, with profession and
 * product. Written by the portal (modules/accounts) on every sign-up attempt and
 * by the contact calls of the API; also sent to HubSpot when HUBSPOT_TOKEN is set.
 */
export const Contacts: CollectionConfig = {
  slug: 'contacts',
  labels: { singular: 'Contatto', plural: 'Contatti' },
  admin: {
    group: 'Abbonati',
    useAsTitle: 'email',
    defaultColumns: ['email', 'name', 'phone', 'company', 'product', 'salesRequestedAt', 'createdAt'],
    listSearchableFields: ['email', 'name'],
    description:
      'I contatti commerciali raccolti dalle registrazioni e dalle richieste di informazioni, con professione e prodotto di interesse. Quelli con «Da ricontattare dal» attendono la telefonata di un commerciale.',
  },
  defaultSort: '-createdAt',
  access: { read: isAdmin, create: denyAll, update: isAdmin, delete: isAdmin },
  fields: [
    { name: 'email', type: 'email', label: 'Email', required: true, unique: true, index: true },
    { name: 'name', type: 'text', label: 'Nome e cognome' },
    { name: 'profession', type: 'text', label: 'Professione' },
    { name: 'product', type: 'text', label: 'Prodotto di interesse' },
    { name: 'phone', type: 'text', label: 'Telefono' },
    { name: 'company', type: 'text', label: 'Azienda o ragione sociale' },
    {
      name: 'salesRequestedAt',
      type: 'date',
      label: 'Da ricontattare dal',
      index: true,
      admin: {
        date: { pickerAppearance: 'dayAndTime' },
        description: 'Quando ha chiesto di essere ricontattato da un commerciale.',
      },
    },
    { name: 'salesReason', type: 'textarea', label: 'Motivo della richiesta' },
    {
      name: 'source',
      type: 'select',
      label: 'Provenienza',
      required: true,
      defaultValue: 'api',
      options: [
        { label: 'Registrazione prova gratuita', value: 'trial-signup' },
        { label: 'Registrazione con acquisto', value: 'purchase-signup' },
        { label: 'Accesso con Google o Facebook', value: 'social-signup' },
        { label: 'Richiesta dal sito', value: 'api' },
      ],
    },
    {
      name: 'hubspotId',
      type: 'text',
      label: 'ID HubSpot',
      admin: {
        readOnly: true,
        position: 'sidebar',
        description: 'Presente quando il contatto è su HubSpot.',
      },
    },
  ],
  timestamps: true,
}
