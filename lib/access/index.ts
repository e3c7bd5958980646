// Who may read and edit which collections: decided here, applied inside each query's SQL.
export { anonymousAccess, forgetAccountsSeen } from './anonymous-access';
export {
  assertReadableCollection,
  collectionNotFound,
  editableCollections,
  narrowReach,
  reachSql,
  reaches,
  readableCollections,
  type Reach,
} from './reach';
