/** The store's logger and transaction report, where tests have always imported them from. */
export type { StoreLogger, TransactionEvent } from "../sql/context.ts";
