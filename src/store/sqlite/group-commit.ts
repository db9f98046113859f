/**
 * The store's one group committer lives in ../sql/group-commit.ts (asynchronous, for both
 * databases); this path and the name createGroupCommitter are kept for its tests.
 */
export {
  createAsyncGroupCommitter as createGroupCommitter,
  type AsyncGroupCommitOptions as GroupCommitOptions,
  type AsyncGroupCommitter as GroupCommitter,
  type ItemResult,
} from "../sql/group-commit.ts";
