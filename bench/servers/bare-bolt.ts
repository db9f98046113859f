/**
 * The slash-command baseline: a Bolt app (same @slack/bolt, same ExpressReceiver, signature checks
 * on) whose /docket handler only acks, in its own process like the bot. Whatever docketbot adds
 * over this is the cost of parsing the command, reading the channel's matters and rendering the
 * "working" acknowledgement.
 */
import { App, ExpressReceiver, LogLevel } from "@slack/bolt";
import { serveBaseline } from "../lib/serve-http.ts";

const signingSecret = process.env.SLACK_SIGNING_SECRET!;
const receiver = new ExpressReceiver({ signingSecret, endpoints: "/slack/events", processBeforeResponse: false, logLevel: LogLevel.ERROR });
const app = new App({
  token: process.env.SLACK_BOT_TOKEN!, receiver, deferInitialization: true, logLevel: LogLevel.ERROR,
  clientOptions: { slackApiUrl: process.env.SLACK_API_URL! },
});
app.command("/docket", async ({ ack }) => {
  await ack();
});
await app.init();
await serveBaseline((port, host) => receiver.app.listen(port, host));
