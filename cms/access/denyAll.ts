import type { Access } from 'payload'

/** Nobody through the API: the records are written by the system (local API with overrideAccess). */
export const denyAll: Access = () => false
