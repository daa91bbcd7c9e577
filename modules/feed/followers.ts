/**
 * Who follows which contract. Favourites belong to the contract database
 * (favourite categories): the fan-out notifies their holders, and the
 * favourites' news lists show their contracts.
 */
import { favouriteContractCodes, followersOfContracts as followersInDatabase } from '../ccnl/index.ts'

/** The users (account ids) with a favourite category of any of these contracts. */
export function followersOfContracts(contractCodes: readonly number[]): Promise<string[]> {
  if (contractCodes.length === 0) return Promise.resolve([])
  return followersInDatabase(contractCodes)
}

/** The contracts (codes) of a user's favourite categories, most recently added first. */
export function favouriteContractsOf(userId: string): Promise<number[]> {
  return favouriteContractCodes(userId)
}
