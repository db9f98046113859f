/**
 * What the stand-in's page offers the person at the keyboard: the app's slash command and its
 * shortcuts, as declared in manifest.yml (features.slash_commands and features.shortcuts). Slack's
 * client builds its composer hints, ⚡ menu and message menu from the installed manifest; the page
 * builds them from this copy, which test/sandbox/slack/page/features.test.ts keeps in step with it.
 */
export interface PageShortcut {
  type: "message" | "global";
  name: string;
  callback_id: string;
  description: string;
}

export interface PageCommand {
  command: string;
  description: string;
  usage_hint: string;
}

export interface AppFeatures {
  commands: readonly PageCommand[];
  shortcuts: readonly PageShortcut[];
}

export const DOCKETBOT_FEATURES: AppFeatures = {
  commands: [
    { command: "/docket", description: "Search dockets, show a case, ask about it or track it", usage_hint: "[search terms | court docket | help]" },
  ],
  shortcuts: [
    { type: "message", name: "Look up case", callback_id: "docket_lookup", description: "Find the case a message mentions and show its docket" },
    { type: "message", name: "Ask about this case", callback_id: "docket_ask", description: "Ask a question about the case in this message; the answer goes to the thread" },
    { type: "message", name: "Track this case", callback_id: "docket_track", description: "Post new filings in the case this message mentions to this channel" },
    { type: "global", name: "Search dockets", callback_id: "docket_search", description: "Search court dockets by party, court, docket number or keywords" },
  ],
};
