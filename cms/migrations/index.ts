import * as migration_20261122_221027_initial from './20261122_221027_initial.ts'
import * as migration_20261122_223520_content_model from './20261122_223520_content_model.ts'
import * as migration_20261122_230513_contract_mapping_label from './20261122_230513_contract_mapping_label.ts'
import * as migration_20261122_235900_search from './20261122_235900_search.ts'
import * as migration_20261122_235910_mail_outbox from './20261122_235910_mail_outbox.ts'
import * as migration_20261122_235920_accounts from './20261122_235920_accounts.ts'
import * as migration_20261123_114335_trial_reminders from './20261123_114335_trial_reminders.ts'
import * as migration_20261123_114527_site_content from './20261123_114527_site_content.ts'
import * as migration_20261123_120000_billing from './20261123_120000_billing.ts'
import * as migration_20261123_120000_database from './20261123_120000_database.ts'
import * as migration_20261123_120000_feed from './20261123_120000_feed.ts'
import * as migration_20261123_120000_profile_pictures from './20261123_120000_profile_pictures.ts'
import * as migration_20261123_120000_social_signin from './20261123_120000_social_signin.ts'
import * as migration_20261123_125711_feed_jobs from './20261123_125711_feed_jobs.ts'
import * as migration_20261123_132000_studio_links from './20261123_132000_studio_links.ts'
import * as migration_20261126_070000_contact_sales_requests from './20261126_070000_contact_sales_requests.ts'
import * as migration_20261126_070200_media_storage from './20261126_070200_media_storage.ts'
import * as migration_20261126_080000_database_figures from './20261126_080000_database_figures.ts'
import * as migration_20261126_081225_editor_login_columns from './20261126_081225_editor_login_columns.ts'
import * as migration_20261126_102026_invoice_numbers from './20261126_102026_invoice_numbers.ts'
import * as migration_20261126_111007_invoice_seller from './20261126_111007_invoice_seller.ts'
import * as migration_20261126_134703_reconciliation_job from './20261126_134703_reconciliation_job.ts'
import * as migration_20261127_032437_sdi_transmissions from './20261127_032437_sdi_transmissions.ts'
import * as migration_20261127_040000_account_erasure from './20261127_040000_account_erasure.ts'
import * as migration_20261127_040000_privacy_exports from './20261127_040000_privacy_exports.ts'
import * as migration_20261127_042500_nightly_backup_job from './20261127_042500_nightly_backup_job.ts'
import * as migration_20261127_044000_credit_notes from './20261127_044000_credit_notes.ts'
import * as migration_20261127_073235_contract_representativeness from './20261127_073235_contract_representativeness.ts'
import * as migration_20261127_074324_pay_table_una_tantum from './20261127_074324_pay_table_una_tantum.ts'
import * as migration_20261127_075923_search_ranking from './20261127_075923_search_ranking.ts'
import * as migration_20261127_082933_ateco_codes from './20261127_082933_ateco_codes.ts'
import * as migration_20261127_084524_contract_terms from './20261127_084524_contract_terms.ts'
import * as migration_20261127_105914_renewal_alert_job from './20261127_105914_renewal_alert_job.ts'
import * as migration_20261127_121000_feed_notification_source from './20261127_121000_feed_notification_source.ts'
import * as migration_20261127_130000_sdi_invalid_files from './20261127_130000_sdi_invalid_files.ts'
import * as migration_20261207_120000_search_free_text from './20261207_120000_search_free_text.ts'
import * as migration_20261207_121000_feed_notification_access from './20261207_121000_feed_notification_access.ts'
import * as migration_20261207_155143_contract_application from './20261207_155143_contract_application.ts'
import * as migration_20261207_160000_hashed_verifications from './20261207_160000_hashed_verifications.ts'
import * as migration_20261207_160431_contract_terms_arrears from './20261207_160431_contract_terms_arrears.ts'
import * as migration_20261207_160910_text_effective_date from './20261207_160910_text_effective_date.ts'
import * as migration_20261207_173247_labour_cost from './20261207_173247_labour_cost.ts'
import * as migration_20261207_200223_demo_video_files from './20261207_200223_demo_video_files.ts'

export const migrations = [
  {
    up: migration_20261122_221027_initial.up,
    down: migration_20261122_221027_initial.down,
    name: '20261122_221027_initial',
  },
  {
    up: migration_20261122_223520_content_model.up,
    down: migration_20261122_223520_content_model.down,
    name: '20261122_223520_content_model',
  },
  {
    up: migration_20261122_230513_contract_mapping_label.up,
    down: migration_20261122_230513_contract_mapping_label.down,
    name: '20261122_230513_contract_mapping_label',
  },
  {
    up: migration_20261122_235900_search.up,
    down: migration_20261122_235900_search.down,
    name: '20261122_235900_search',
  },
  {
    up: migration_20261122_235910_mail_outbox.up,
    down: migration_20261122_235910_mail_outbox.down,
    name: '20261122_235910_mail_outbox',
  },
  {
    up: migration_20261122_235920_accounts.up,
    down: migration_20261122_235920_accounts.down,
    name: '20261122_235920_accounts',
  },
  {
    up: migration_20261123_114335_trial_reminders.up,
    down: migration_20261123_114335_trial_reminders.down,
    name: '20261123_114335_trial_reminders',
  },
  {
    up: migration_20261123_114527_site_content.up,
    down: migration_20261123_114527_site_content.down,
    name: '20261123_114527_site_content',
  },
  {
    up: migration_20261123_120000_billing.up,
    down: migration_20261123_120000_billing.down,
    name: '20261123_120000_billing',
  },
  {
    up: migration_20261123_120000_database.up,
    down: migration_20261123_120000_database.down,
    name: '20261123_120000_database',
  },
  {
    up: migration_20261123_120000_feed.up,
    down: migration_20261123_120000_feed.down,
    name: '20261123_120000_feed',
  },
  {
    up: migration_20261123_120000_profile_pictures.up,
    down: migration_20261123_120000_profile_pictures.down,
    name: '20261123_120000_profile_pictures',
  },
  {
    up: migration_20261123_120000_social_signin.up,
    down: migration_20261123_120000_social_signin.down,
    name: '20261123_120000_social_signin',
  },
  {
    up: migration_20261123_125711_feed_jobs.up,
    down: migration_20261123_125711_feed_jobs.down,
    name: '20261123_125711_feed_jobs',
  },
  {
    up: migration_20261123_132000_studio_links.up,
    down: migration_20261123_132000_studio_links.down,
    name: '20261123_132000_studio_links',
  },
  {
    up: migration_20261126_070000_contact_sales_requests.up,
    down: migration_20261126_070000_contact_sales_requests.down,
    name: '20261126_070000_contact_sales_requests',
  },
  {
    up: migration_20261126_070200_media_storage.up,
    down: migration_20261126_070200_media_storage.down,
    name: '20261126_070200_media_storage',
  },
  {
    up: migration_20261126_080000_database_figures.up,
    down: migration_20261126_080000_database_figures.down,
    name: '20261126_080000_database_figures',
  },
  {
    up: migration_20261126_081225_editor_login_columns.up,
    down: migration_20261126_081225_editor_login_columns.down,
    name: '20261126_081225_editor_login_columns',
  },
  {
    up: migration_20261126_102026_invoice_numbers.up,
    down: migration_20261126_102026_invoice_numbers.down,
    name: '20261126_102026_invoice_numbers',
  },
  {
    up: migration_20261126_111007_invoice_seller.up,
    down: migration_20261126_111007_invoice_seller.down,
    name: '20261126_111007_invoice_seller',
  },
  {
    up: migration_20261126_134703_reconciliation_job.up,
    down: migration_20261126_134703_reconciliation_job.down,
    name: '20261126_134703_reconciliation_job',
  },
  {
    up: migration_20261127_032437_sdi_transmissions.up,
    down: migration_20261127_032437_sdi_transmissions.down,
    name: '20261127_032437_sdi_transmissions',
  },
  {
    up: migration_20261127_040000_account_erasure.up,
    down: migration_20261127_040000_account_erasure.down,
    name: '20261127_040000_account_erasure',
  },
  {
    up: migration_20261127_040000_privacy_exports.up,
    down: migration_20261127_040000_privacy_exports.down,
    name: '20261127_040000_privacy_exports',
  },
  {
    up: migration_20261127_042500_nightly_backup_job.up,
    down: migration_20261127_042500_nightly_backup_job.down,
    name: '20261127_042500_nightly_backup_job',
  },
  {
    up: migration_20261127_044000_credit_notes.up,
    down: migration_20261127_044000_credit_notes.down,
    name: '20261127_044000_credit_notes',
  },
  {
    up: migration_20261127_073235_contract_representativeness.up,
    down: migration_20261127_073235_contract_representativeness.down,
    name: '20261127_073235_contract_representativeness',
  },
  {
    up: migration_20261127_074324_pay_table_una_tantum.up,
    down: migration_20261127_074324_pay_table_una_tantum.down,
    name: '20261127_074324_pay_table_una_tantum',
  },
  {
    up: migration_20261127_075923_search_ranking.up,
    down: migration_20261127_075923_search_ranking.down,
    name: '20261127_075923_search_ranking',
  },
  {
    up: migration_20261127_082933_ateco_codes.up,
    down: migration_20261127_082933_ateco_codes.down,
    name: '20261127_082933_ateco_codes',
  },
  {
    up: migration_20261127_084524_contract_terms.up,
    down: migration_20261127_084524_contract_terms.down,
    name: '20261127_084524_contract_terms',
  },
  {
    up: migration_20261127_105914_renewal_alert_job.up,
    down: migration_20261127_105914_renewal_alert_job.down,
    name: '20261127_105914_renewal_alert_job',
  },
  {
    up: migration_20261127_121000_feed_notification_source.up,
    down: migration_20261127_121000_feed_notification_source.down,
    name: '20261127_121000_feed_notification_source',
  },
  {
    up: migration_20261127_130000_sdi_invalid_files.up,
    down: migration_20261127_130000_sdi_invalid_files.down,
    name: '20261127_130000_sdi_invalid_files',
  },
  {
    up: migration_20261207_120000_search_free_text.up,
    down: migration_20261207_120000_search_free_text.down,
    name: '20261207_120000_search_free_text',
  },
  {
    up: migration_20261207_121000_feed_notification_access.up,
    down: migration_20261207_121000_feed_notification_access.down,
    name: '20261207_121000_feed_notification_access',
  },
  {
    up: migration_20261207_155143_contract_application.up,
    down: migration_20261207_155143_contract_application.down,
    name: '20261207_155143_contract_application',
  },
  {
    up: migration_20261207_160000_hashed_verifications.up,
    down: migration_20261207_160000_hashed_verifications.down,
    name: '20261207_160000_hashed_verifications',
  },
  {
    up: migration_20261207_160431_contract_terms_arrears.up,
    down: migration_20261207_160431_contract_terms_arrears.down,
    name: '20261207_160431_contract_terms_arrears',
  },
  {
    up: migration_20261207_160910_text_effective_date.up,
    down: migration_20261207_160910_text_effective_date.down,
    name: '20261207_160910_text_effective_date',
  },
  {
    up: migration_20261207_173247_labour_cost.up,
    down: migration_20261207_173247_labour_cost.down,
    name: '20261207_173247_labour_cost',
  },
  {
    up: migration_20261207_200223_demo_video_files.up,
    down: migration_20261207_200223_demo_video_files.down,
    name: '20261207_200223_demo_video_files',
  },
]
