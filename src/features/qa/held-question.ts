/**
 * What a question held by the fee gate keeps until it runs (issue 14 items 2 and 3): the thread it
 * was asked in, the user's words and what it reads. Stored as JSON in the fee action, so it is
 * validated again when it comes back (run-held-question.ts).
 */
import { z } from "zod";

/** The fee action kind of a held question. */
export const HELD_QUESTION = "ask";

export const HeldQuestion = z.object({
  channelId: z.string().min(1),
  threadTs: z.string().min(1),
  question: z.string().min(1),
  target: z.enum(["docket", "documents", "both"]),
});
export type HeldQuestion = z.infer<typeof HeldQuestion>;
