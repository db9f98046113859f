import type { MethodHandler } from "../api-context.ts";
import { chatMethods } from "./chat.ts";
import { conversationMethods } from "./conversations.ts";
import { fileMethods } from "./files.ts";
import { identityMethods } from "./identity.ts";
import { unfurlMethods } from "./unfurl.ts";
import { viewMethods } from "./views.ts";

/** Every Web API method the stand-in serves, by Slack's method name. */
export const METHODS: Readonly<Record<string, MethodHandler>> = {
  ...identityMethods,
  ...chatMethods,
  ...unfurlMethods,
  ...conversationMethods,
  ...viewMethods,
  ...fileMethods,
};
