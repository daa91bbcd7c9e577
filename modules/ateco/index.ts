/** ATECO 2025: the ISTAT list of activity codes and 'Che contratto applico?', the contracts usually applied to an activity. */

/** The levels of the classification and the code helpers (canonical spelling, level, parent). */
export {
  atecoLevels,
  normalizeAtecoCode,
  levelOfCode,
  parentOfCode,
  codeRelation,
  type AtecoLevel,
} from './codes.ts'
/** The ISTAT file (`;`-separated CSV) read into records or Italian reasons, with line numbers. */
export {
  parseIstatAteco,
  IstatFileError,
  ISTAT_COLUMNS,
  type AtecoRecord,
  type ParsedRow,
} from './istat-file.ts'
/** The finder: codes and contracts for a query; the cache an import or an editor's change empties; how many codes are stored. */
export {
  findContractsByActivity,
  invalidateAtecoCache,
  countAtecoCodes,
  MAX_QUERY_LENGTH,
} from './find-contracts.ts'
/** The matching itself (pure), for callers with their own data. */
export { findByActivity, matchWords, type FinderResult } from './match.ts'
/** The answer as the API and the page give it. */
export type { FinderAnswer, FinderCode, FinderContract } from './present.ts'
