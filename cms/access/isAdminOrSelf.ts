import type { Access } from 'payload'
import { hasAdminRole } from './isAdmin.ts'

/** Admins see every CMS user; editors see only themselves. */
export const isAdminOrSelf: Access = ({ req }) => {
  const user = req.user as { id: number | string; roles?: string[] | null } | null
  if (!user) return false
  if (hasAdminRole(user)) return true
  return { id: { equals: user.id } }
}
