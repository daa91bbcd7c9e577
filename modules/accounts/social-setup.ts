/**
 * The account side of completing a sign-up through Google or Facebook: the
 * provider it signed up with and the profession that clears its
 * 'registration not completed' mark, written in the caller's transaction.
 */
import type { PoolClient } from 'pg'
import { authTables } from './auth.ts'
import { socialProviderIds, type SocialProviderId } from './social.ts'

/** The provider the account signed up with (the first one linked). */
export async function signupProviderOf(client: PoolClient, userId: string): Promise<SocialProviderId> {
  const result = await client.query<{ provider_id: SocialProviderId }>(
    `select provider_id from ${authTables.account}
      where user_id = $1 and provider_id = any($2) order by created_at limit 1`,
    [userId, [...socialProviderIds]],
  )
  return result.rows[0]?.provider_id ?? 'google'
}

/**
 * Records the profession and clears the account's pending set-up mark.
 * False when the set-up had already been completed (nothing is written).
 */
export async function completeSocialSetup(
  client: PoolClient,
  userId: string,
  profession: string,
): Promise<boolean> {
  const updated = await client.query(
    `update ${authTables.user}
        set profession = $2, social_setup_pending = false, updated_at = now()
      where id = $1 and social_setup_pending`,
    [userId, profession],
  )
  return (updated.rowCount ?? 0) > 0
}
