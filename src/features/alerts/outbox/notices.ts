/**
 * Telling admins (issue 5, Delivery: permanent failures and retries past the max age "tell an
 * admin"). Every notice is an error log line; the first of its kind for a channel also goes to each
 * admin (DOCKETBOT_ADMINS) as a DM, once per episode: the flag clears when that channel delivers
 * again, so a channel archived for a week sends one DM, not one per alert. A DM that fails (Slack
 * may be the very thing that is down) is tried again with the next notice. No DM when the token
 * itself is dead (invalid_auth…): it could not be sent, and the log line is the notice. `/docket
 * alerts` shows the same dead and pending counts in the channel, with the Retry button.
 */
import type { Logger } from "../../../logger.ts";
import type { ChannelRef, OnceDesk } from "../../../store/store.ts";
import type { SlackPoster } from "./slack-poster.ts";
import { reasonWords } from "../views/parked-alert.ts";

export interface AdminNotice {
  /**
   * dead: the channel or token refused (told once per channel and reason); parked: this delivery
   * was parked (told for each, naming its filing: `text`); overdue: still retrying past the max age.
   */
  kind: "dead" | "parked" | "overdue";
  channel: ChannelRef;
  clientMatter: string;
  deliveryId: number;
  /** Slack's error code (or ours: invalid_payload, http_503…). */
  reason: string;
  /** overdue: how long the delivery has waited. */
  ageMs?: number | undefined;
  /** The DM's text, when the caller words it (parked: views/parked-alert.ts). */
  text?: string | undefined;
}

export interface AdminNotifier {
  notify(notice: AdminNotice): void;
  /** The channel delivered again: its next problem is news again. */
  clear(channel: ChannelRef): void;
  /** Resolves once every DM under way has been answered. */
  drain(): Promise<void>;
}

/** Codes meaning the bot's token no longer works: no DM could be sent. */
const TOKEN_DEAD = new Set(["invalid_auth", "account_inactive", "token_revoked", "token_expired", "not_authed"]);

const why = reasonWords;

function hours(ms: number): string {
  const h = Math.floor(ms / 3_600_000);
  const m = Math.max(1, Math.round(ms / 60_000));
  return h >= 1 ? `${h} hour${h === 1 ? "" : "s"}` : `${m} minute${m === 1 ? "" : "s"}`;
}

/** The DM's text. Channel and matter are ours (ids we stored), not service text; `<#C…>` names the channel. */
export function noticeText(n: AdminNotice): string {
  if (n.text !== undefined) return n.text;
  const where = `<#${n.channel.channelId}>`;
  const matter = n.clientMatter.replace(/[<>&*_~`]/g, "");
  if (n.kind === "dead") {
    return `:warning: Docket alerts for matter ${matter} can't be posted in ${where}: ${why(n.reason)}. ` +
      "They are kept. Once that is fixed, use Retry in `/docket alerts` in that channel.";
  }
  return `:warning: Docket alerts for matter ${matter} have been waiting ${hours(n.ageMs ?? 0)} to reach ${where} ` +
    `(last error: ${why(n.reason)}). docketbot keeps retrying; nothing is lost.`;
}

/** Across replicas, one DM per channel, kind and reason for at most this long (then news again). */
const SHARED_EPISODE_MS = 6 * 3_600_000;

export function createAdminNotifier(deps: {
  poster: SlackPoster;
  admins: readonly string[];
  logger: Logger;
  /**
   * The store's once keys (issue 17 item 3): every replica's outbox may meet the same failing
   * channel (its lane moves between them), and the admins should hear of it once, not once per replica.
   */
  once?: OnceDesk | undefined;
}): AdminNotifier {
  const told = new Set<string>();
  const shared = (key: string) => ({ scope: "admin-dm", key });
  const sending = new Set<Promise<void>>();
  const channelKey = (c: ChannelRef) => `${c.teamId}:${c.channelId}`;
  return {
    notify(n) {
      const fields = { deliveryId: n.deliveryId, channel: n.channel.channelId, team: n.channel.teamId, clientMatter: n.clientMatter, reason: n.reason };
      // A parked delivery is news each time (it names its filing); a refusing channel once per episode.
      const key = `${channelKey(n.channel)}|${n.kind}|${n.reason}${n.kind === "parked" ? `|${n.deliveryId}` : ""}`;
      const news = !told.has(key);
      // Every death is its own log line; an overdue channel is logged once per episode.
      if (n.kind === "dead") deps.logger.error(fields, "alert delivery failed permanently; kept for replay (retryDead)");
      else if (n.kind === "parked") deps.logger.error(fields, "alert delivery parked after repeated faults; the lane moves on; kept for Retry or Dismiss");
      else if (news) deps.logger.error({ ...fields, ageMs: n.ageMs }, "alert delivery still failing past the max retry age; still retrying");
      if (!news || n.reason === "matter_unlinked") return;
      told.add(key);
      if (TOKEN_DEAD.has(n.reason)) return;
      const p = (async () => {
        // Another replica told them already (a store that cannot say: tell them; a DM too many beats none).
        const first = deps.once ? await deps.once.claimOnce(shared(key), SHARED_EPISODE_MS).catch(() => true) : true;
        if (!first) return;
        const sent = await Promise.allSettled(deps.admins.map((admin) => deps.poster.dm(admin, noticeText(n))));
        const failed = sent.filter((r) => r.status === "rejected");
        if (failed.length === 0) return;
        // Slack may be what is failing: forget it was told, so the next notice tries again.
        told.delete(key);
        await deps.once?.forgetOnce(shared(key)).catch(() => undefined);
        for (const f of failed) deps.logger.warn({ err: f.reason }, "could not DM an admin about failing alerts");
      })();
      sending.add(p);
      void p.finally(() => sending.delete(p));
    },
    clear(channel) {
      const prefix = `${channelKey(channel)}|`;
      for (const key of told) {
        if (!key.startsWith(prefix)) continue;
        told.delete(key);
        // The episode is over: its next problem is news for every replica.
        void deps.once?.forgetOnce(shared(key)).catch(() => undefined);
      }
    },
    async drain() {
      await Promise.allSettled([...sending]);
    },
  };
}
