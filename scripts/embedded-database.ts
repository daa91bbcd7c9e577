/**
 * The settings and the database of every one-off command (`npm run import`,
 * `search:reindex`, `stripe:sync`, `backup`, `restore`, `payload`): with
 * DATABASE_URL that database; without it the embedded Postgres of DATA_DIR,
 * the one a running portal started (found from the data folder, whatever
 * PORT the portal was started with) or the command's own for its duration,
 * on the port recorded in the data folder (a free one when that is taken).
 */
import { EnvError, settleEnv, type Env } from '../modules/platform/index.ts'

/**
 * The command's settings, final from here on (the embedded Postgres's port
 * settled). Bad settings print their message and give the exit code 78.
 */
export async function commandEnv(): Promise<Env | 78> {
  try {
    return await settleEnv()
  } catch (error) {
    if (error instanceof EnvError) {
      console.error(error.message)
      return 78
    }
    throw error
  }
}

/** The database the command uses: `shared` when a running portal already started the embedded one. */
export { openCommandDatabase as commandDatabase, type CommandDatabase } from '../modules/platform/index.ts'
