import type { Access } from 'payload'

/** Any signed-in CMS user (admin or editor). */
export const isEditor: Access = ({ req }) => Boolean(req.user)
