/** The Studio formula's numbers (§9). */

/** Accounts an owner may link (the Studio gives 3 simultaneous accounts: the owner and two more). */
export const STUDIO_LINK_LIMIT = 2
/** Days an invitation code stays valid. */
export const INVITE_VALID_DAYS = 7
/** The page that accepts an invitation. */
export const INVITE_PATH = '/invito-studio'
/** Invitations one owner may send in an hour (new and repeated). */
export const INVITES_PER_HOUR = 20
/** Wrong or spent invitation codes one address may try in 15 minutes before it is refused. */
export const INVITE_CODE_FAILURES = 20
