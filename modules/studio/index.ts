/** Studio accounts: the owner's linked accounts, invitations, activation, removal, and what billing asks of them. */

/** The Studio formula's numbers: 2 linked accounts, codes valid 7 days, the invitation page. */
export {
  STUDIO_LINK_LIMIT,
  INVITE_VALID_DAYS,
  INVITE_PATH,
  INVITES_PER_HOUR,
  INVITE_CODE_FAILURES,
} from './constants.ts'
/** Use cases: list, invite (or invite again), remove, verify a code, activate it, and the owner of a secondary account. */
export {
  listLinks,
  inviteAccount,
  unlinkAccount,
  verifyInvite,
  activateInvite,
  studioOwnerOf,
  codeHash,
  type LinkedAccount,
  type PendingInvite,
} from './links.ts'
/** The invitation page's sign-up: the invited account created, linked and signed in. */
export { signUpWithInvite, type InviteSignupResult } from './invite-signup.ts'
/** Input schemas (invited address, sign-up). */
export { inviteEmailSchema, linkToSchema, inviteSignupSchema, type InviteSignupInput } from './schemas.ts'
/** The mail to an owner whose Studio access ended or came back (the composition root subscribes it to billing's access changes). */
export { mailOnStudioAccessChange } from './access-mails.ts'
/** Deleting an account: its Studio's links removed and their addresses told, its own link left. */
export { eraseStudioLinks, type StudioErasure } from './erase-links.ts'
/** The operators' list of links (/admin/studio). */
export { adminStudioLinks, type AdminStudioRow } from './admin.ts'
/** The SQL of `studio_links`, applied by the migration `20261123_132000_studio_links`. */
export { studioSchemaV1 } from './sql.ts'
/** The Studio links a subscriber owns or is linked by, for the data export. */
export { exportAccountData, type StudioDataExport } from './export-account-data.ts'
