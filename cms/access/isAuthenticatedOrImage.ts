import type { Access } from 'payload'

/** CMS users read every file; visitors read only images (contract pictures), never PDFs or attachments. */
export const isAuthenticatedOrImage: Access = ({ req }) => {
  if (req.user) return true
  return { mimeType: { like: 'image/' } }
}
