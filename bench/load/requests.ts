/**
 * The requests the load generator sends: docket pushes as the service sends them (spec, Events;
 * unique bodies, since the store deduplicates by the body's hash) and `/docket` slash commands
 * signed as Slack signs them (https://docs.slack.dev/authentication/verifying-requests-from-slack).
 */
import { createHmac, randomBytes } from "node:crypto";

export interface PushLoad {
  kind: "push";
  path: string;
  authorization: string;
  clientMatter: string;
}

export interface SlashLoad {
  kind: "slash";
  path: string;
  signingSecret: string;
  /** The command's text; `{n}` becomes a case number of its own for each request (00001-99999). */
  text: string;
  teamId: string;
  channelId: string;
  userId: string;
  responseUrl: string;
}

const runId = randomBytes(4).toString("hex");
let counter = 0;

export function pushRequest(load: PushLoad) {
  const n = ++counter;
  const body = JSON.stringify({
    push_type: "docket",
    client_matter: load.clientMatter,
    court: "New York Southern District Court",
    docket: "1:23-cv-01234",
    info: { title: "Acme Widgets, Inc. v. Globex Corporation", date_filed: "1/5/2023", status: "Open" },
    docket_report: [
      {
        date: "3/4/2026", entry_date: "3/4/2026", number: String(1000 + n),
        contents: `<span class='description'>ORDER granting in part and denying in part motion to compel (${runId}-${n}). ` +
          "Signed by Judge Jane Q. Public on 3/4/2026. (ab) (Entered: 03/04/2026)</span>",
        link: `https://www.docketservice.example/cases/New_York_Southern_District_Court/1--23-cv-01234/docs/${1000 + n}.pdf`,
        exhibits: [],
      },
    ],
    parties: [
      { name: "Acme Widgets, Inc.", type: "Plaintiff", counsel: [{ name: "A. Smith", firm: "Jones Day", lead: true }] },
      { name: "Globex Corporation", type: "Defendant", counsel: [{ name: "B. Jones", firm: "Kirkland & Ellis", lead: true }] },
    ],
  });
  return { method: "POST" as const, path: load.path, body, headers: { "content-type": "application/json", authorization: load.authorization } };
}

export function slashRequest(load: SlashLoad) {
  const n = ++counter;
  const body = new URLSearchParams({
    token: "bench-verification-token", team_id: load.teamId, team_domain: "docketbot-bench", channel_id: load.channelId,
    channel_name: "litigation-acme", user_id: load.userId, user_name: "mo.member", command: "/docket", text: load.text.replace("{n}", String(n % 99_999 + 1).padStart(5, "0")),
    api_app_id: "A0DOCKET", is_enterprise_install: "false", response_url: `${load.responseUrl}${runId}-${n}`,
    trigger_id: `${n}.${runId}.bench`,
  }).toString();
  const timestamp = Math.floor(Date.now() / 1000);
  const signature = createHmac("sha256", load.signingSecret).update(`v0:${timestamp}:${body}`).digest("hex");
  return {
    method: "POST" as const, path: load.path, body,
    headers: {
      "content-type": "application/x-www-form-urlencoded",
      "x-slack-request-timestamp": String(timestamp),
      "x-slack-signature": `v0=${signature}`,
    },
  };
}

