/**
 * Every path a snapshot names stays inside it: the files of the manifest
 * (`../../etc/passwd`, an absolute path, or a link inside the snapshot that
 * points elsewhere are refused), the keys of a snapshot fetched from the
 * bucket, and the uploaded files' places in the media storage.
 */
import { realpath } from 'node:fs/promises'
import path from 'node:path'
import { backup as strings } from '../i18n/index.ts'
import { BackupError } from './errors.ts'

/** Whether `relative` is a plain relative path that stays below its folder once normalised. */
export function staysInside(relative: string): boolean {
  if (relative === '' || relative.includes('\0') || relative.includes('\\')) return false
  if (path.posix.isAbsolute(relative)) return false
  const normal = path.posix.normalize(relative)
  return normal !== '..' && !normal.startsWith('../') && normal !== '.'
}

/** Refuses (Italian message naming it) a path of the snapshot that would leave its folder. */
export function assertInside(relative: string): void {
  if (!staysInside(relative)) throw new BackupError('invalid', strings.errors.outsidePath(relative))
}

const isWithin = (root: string, full: string) => full.startsWith(`${root}${path.sep}`)

/**
 * The real path of a file the manifest names under the snapshot folder `dir`:
 * refused when the name or the file it leads to (a link followed) lies
 * outside the folder, or when it is missing.
 */
export async function snapshotFile(dir: string, relative: string): Promise<string> {
  assertInside(relative)
  const root = await realpath(dir)
  const full = path.resolve(root, relative)
  if (!isWithin(root, full)) throw new BackupError('invalid', strings.errors.outsidePath(relative))
  let real: string
  try {
    real = await realpath(full)
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT')
      throw new BackupError('invalid', strings.errors.missingFile(relative))
    throw error
  }
  if (!isWithin(root, real)) throw new BackupError('invalid', strings.errors.outsidePath(relative))
  return real
}
