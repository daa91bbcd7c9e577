/** Marketing contacts: the CMS collection `contacts` and, when HUBSPOT_TOKEN is set, HubSpot. */

/** Records a contact (create or update the given fields), finds one by e-mail, deletes one (account deletion). */
export {
  recordContact,
  findContact,
  eraseContact,
  setHubspotClient,
  type ContactInput,
  type ContactSource,
} from './contacts.ts'
/** The HubSpot adapter (CRM v3 batch upsert of contacts). */
export { createHubspotClient, HubspotError, type HubspotClient, type HubspotContact } from './hubspot.ts'
/** Input schemas of the contact calls. */
export { createContactSchema, updateProfessionSchema } from './schemas.ts'
