/**
 * What users read when something fails: one sentence of what went wrong and one of what to do,
 * never a status code or the service's raw text (../shared/design/message-style.md, Errors).
 * The correlation id ties the sentence to the log lines behind it.
 */
import { isDocketError } from "../docket/errors.ts";
import { slackRefusalText } from "./slack-errors.ts";

export interface ErrorContext {
  ref: string;
  /** For not_found: what was looked up, in the user's words ("1:23-cv-1234 in S.D.N.Y."). */
  subject?: string | undefined;
}

export function userMessageFor(error: unknown, ctx: ErrorContext): string {
  const ref = `(ref ${ctx.ref})`;
  if (!isDocketError(error)) {
    // A Slack refusal the user can act on (invite the bot, click again) reads as slack-errors.ts words it.
    return slackRefusalText(error, { ref: ctx.ref }) ?? `Something went wrong on our side. Please try again; if it keeps happening, tell an admin. ${ref}`;
  }
  switch (error.code) {
    case "invalid_argument":
      // Our own validation messages: written for users, never containing service text.
      return `${error.message.replace(/\.?$/, ".")}`;
    case "sealed":
      return ":lock: This document is sealed by the court, so it can't be downloaded.";
    case "not_cached":
      return "The docket service has no stored copy of this document yet. Getting it from the court may cost a fee.";
    case "not_found":
      return ctx.subject
        ? `I couldn't find ${ctx.subject.replace(/\.$/, "")}. Check the court and docket number, or try \`/docket search\`.`
        : "I couldn't find that. Check the court and number, or try `/docket search`.";
    case "auth_failed":
      return `docketbot can't sign in to the docket service right now. Please tell an admin. ${ref}`;
    case "throttled":
    case "unavailable":
    case "queue_full":
      return `The docket service is busy; I tried for a minute without luck. Please try again shortly. ${ref}`;
    case "timeout":
    case "network":
      return `The docket service didn't answer in time. Please try again in a minute. ${ref}`;
    case "aborted":
      return "That request was cancelled.";
    case "service_error":
    case "invalid_response":
      return `The docket service answered with an error. Please try again; if it keeps happening, tell an admin. ${ref}`;
  }
}
