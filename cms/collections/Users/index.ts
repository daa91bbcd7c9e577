import { getEnv } from '../../../modules/platform/index.ts'
import type { CollectionConfig } from 'payload'
import { isAdmin, isAdminField } from '../../access/isAdmin.ts'
import { isAdminOrSelf } from '../../access/isAdminOrSelf.ts'
import {
  clearLoginFailures,
  countFailedLogin,
  forgetFailuresOnReset,
  throttleLogin,
} from './hooks/throttleLogin.ts'
import { editorPasswordReset } from './forgotPassword.ts'

/** CMS staff: editors and administrators (subscribers are a separate population). */
export const Users: CollectionConfig = {
  slug: 'users',
  labels: { singular: 'Utente redazione', plural: 'Utenti redazione' },
  auth: {
    // No lock of the whole account (anyone could lock an editor out): hooks/throttleLogin.ts throttles instead.
    maxLoginAttempts: 0,
    useSessions: true,
    // The editors' cookie: never readable by scripts, not sent by other sites' requests, https-only behind TLS.
    cookies: { sameSite: 'Lax', secure: getEnv().publicUrl.startsWith('https://') },
    // The reset link reaches the editor by the portal's mail (cms/email.ts), in Italian.
    forgotPassword: editorPasswordReset,
  },
  admin: {
    useAsTitle: 'email',
    defaultColumns: ['name', 'email', 'roles'],
    group: 'Amministrazione',
  },
  hooks: {
    beforeOperation: [throttleLogin],
    afterError: [countFailedLogin],
    afterLogin: [clearLoginFailures],
    afterOperation: [forgetFailuresOnReset],
  },
  access: {
    read: isAdminOrSelf,
    create: isAdmin,
    update: isAdminOrSelf,
    delete: isAdmin,
    admin: ({ req }) => Boolean(req.user),
  },
  fields: [
    { name: 'name', type: 'text', label: 'Nome' },
    {
      name: 'roles',
      type: 'select',
      label: 'Ruoli',
      hasMany: true,
      required: true,
      defaultValue: ['editor'],
      saveToJWT: true,
      access: { update: isAdminField, create: isAdminField },
      options: [
        { label: 'Amministratore', value: 'admin' },
        { label: 'Redattore', value: 'editor' },
      ],
    },
  ],
}
