/** The store's one group committer lives in ../sql/group-commit.ts; this path is kept for its tests. */
export { createAsyncGroupCommitter, type AsyncGroupCommitOptions, type AsyncGroupCommitter, type ItemResult } from "../sql/group-commit.ts";
