import type { Access } from 'payload'

/** Everyone, signed in or not (public files and pages). */
export const anyone: Access = () => true
