/** The daily feed (Quotidiano): lists, articles, search, views, notifications and their e-mail digest. */

/** Answer shapes of the feed (zod) and their types. */
export {
  newsKinds,
  NewsCardSchema,
  ArticleSchema,
  type NewsKind,
  type NewsCard,
  type NewsPage,
  type Article,
  type Tags,
  type SearchResults,
  type SectorItem,
  type ContractItem,
  type CategoryItem,
  type MappingItem,
  type Notification,
} from './schemas.ts'
/** Excerpts (100, 350, 80 characters) and the server-side preview of an article (first paragraph, at most 40 % of its words and 600 characters). */
export { EXCERPT, PREVIEW_MAX_CHARS, excerpt, previewHtml } from './excerpt.ts'
/** Reading published items: home lists, changelog, articles, related items, tags, news of contracts. */
export {
  homeNews,
  FEATURED_NEWS,
  changelog,
  newsOfContracts,
  findArticleByPath,
  findArticleByGuid,
  articleFor,
  tagsOf,
  relatedNews,
  cardOf,
  contractPath,
  contractNewsPath,
  type StoredArticle,
} from './news.ts'
/** Published items per month (the product pages' figures). */
export { newsPerMonth, type MonthCount } from './news-per-month.ts'
/** Sectors, contracts, categories and the contract mapping in the specification's field names. */
export { listSectors, listContracts, listCategories, listContractMappings } from './catalog.ts'
/** Search with the specification's rules (text beyond 3 characters, valid filters, title match). */
export {
  searchFeed,
  searchScopeOf,
  searchByFilters,
  validateFilters,
  isSearchableText,
  parseItalianDate,
  italianDate,
  currentMonthRange,
  initialTab,
  filterQuerySchema,
  SEARCH_MIN_EXCLUSIVE,
  type FilterQuery,
  type FeedFilters,
} from './search.ts'
/** The feed pages of favourites: news and deadlines of the followed contracts, filtered. */
export {
  favouritesNews,
  recentSince,
  RECENT_FAVOURITES_DAYS,
  FAVOURITES_LIST_LIMIT,
  type FavouritesNews,
} from './favourites.ts'
/** Views of items and the most consulted sectors. */
export { recordView, viewsOf, mostConsultedSectors } from './views.ts'
/** The in-memory cache of the feed's shared reads, and its invalidation. */
export { invalidateFeedCache, invalidateFeedCacheOnCommit, FEED_CACHE_TTL_MS } from './cache.ts'
/** The bell's notifications. */
export {
  listNotifications,
  unreadCount,
  markRead,
  markAllRead,
  notifyUsers,
  NOTIFICATION_LIST_LIMIT,
} from './notifications.ts'
/** Notifications by e-mail: registration and the daily digest through the mail outbox. */
export {
  isEmailSubscribed,
  registerEmailSubscription,
  unregisterEmailSubscription,
} from './email-subscriptions.ts'
/** Deleting an account: its notifications and its notification e-mails' registration deleted. */
export { eraseFeedData } from './erase-feed-data.ts'
export { sendNotificationDigests, DIGEST_SETTINGS_PATH } from './digest.ts'
/** Who follows which contract: the favourite categories of the contract database. */
export { followersOfContracts, favouriteContractsOf } from './followers.ts'
/** The fan-out of a published item, or of any notice (renewal alerts), to the followers of its contracts. */
export {
  notifyFollowers,
  notifyContractFollowers,
  notificationSent,
  becamePublished,
  type ContractNotification,
} from './fan-out.ts'
/** The Postgres pool of the feed's tables. */
export { pool as feedPool } from './cms.ts'
/** The SQL of the feed's tables, applied by the migrations `20261123_120000_feed`, `20261127_121000_feed_notification_source` and `20261207_121000_feed_notification_access`. */
export { feedSchemaV1, feedSchemaV2, feedSchemaV3 } from './sql.ts'
/** The subscriber's notifications and digest subscription for the data export. */
export { exportAccountData, type FeedDataExport } from './export-account-data.ts'
