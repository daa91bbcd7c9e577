/**
 * Who follows which contract. Favourites belong to the contract database
 * (favourite categories); it registers the two lookups at start-up. Until
 * one is registered nobody follows anything: the fan-out notifies no one and
 * the favourites' news lists are empty.
 */

/** The users (account ids) with a favourite category of any of these contracts. */
export type FollowersOfContracts = (contractCodes: readonly number[]) => Promise<string[]>
/** The contracts (codes) of a user's favourite categories, most recently added first. */
export type FavouriteContractsOf = (userId: string, options?: { recent?: boolean }) => Promise<number[]>

export type FavouritesLookup = {
  followersOfContracts: FollowersOfContracts
  favouriteContractsOf: FavouriteContractsOf
}

const KEY = Symbol.for('bancadati.feed.favouritesLookup')
type Store = { [KEY]?: FavouritesLookup }

/** Registers the favourites lookups (kept on the global object, so the server entry also serves the site bundle). */
export function registerFavouritesLookup(lookup: FavouritesLookup | undefined): void {
  ;(globalThis as Store)[KEY] = lookup
}

/** The users following any of the contracts (none while no lookup is registered). */
export function followersOfContracts(contractCodes: readonly number[]): Promise<string[]> {
  const lookup = (globalThis as Store)[KEY]
  if (!lookup || contractCodes.length === 0) return Promise.resolve([])
  return lookup.followersOfContracts(contractCodes)
}

/** The contracts a user follows (none while no lookup is registered). */
export function favouriteContractsOf(userId: string, options: { recent?: boolean } = {}): Promise<number[]> {
  const lookup = (globalThis as Store)[KEY]
  return lookup ? lookup.favouriteContractsOf(userId, options) : Promise.resolve([])
}
