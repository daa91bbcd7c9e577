import type { Access, FieldAccess } from 'payload'

type WithRoles = { roles?: string[] | null } | null | undefined

/** True when the signed-in CMS user holds the admin role. */
export const hasAdminRole = (user: WithRoles): boolean => Boolean(user?.roles?.includes('admin'))

/** Collection access: admins only. */
export const isAdmin: Access = ({ req }) => hasAdminRole(req.user as WithRoles)

/** Field access: admins only. */
export const isAdminField: FieldAccess = ({ req }) => hasAdminRole(req.user as WithRoles)
