/**
 * Runs reconciliation (reconcile.ts) once at start and then daily, and tells each docketbot admin
 * in their DM with the app what was fixed (nothing is sent when nothing drifted). Started and
 * stopped by main.ts; a failed run is logged and tried again the next day.
 */
import type { WebClient } from "@slack/web-api";
import type { Clock } from "../../clock.ts";
import type { Logger } from "../../logger.ts";
import { postMessage } from "../../slack/outbound.ts";
import { reconcileTrackers, type ReconcileReport } from "./reconcile.ts";
import { renderReconcileReport } from "./views/reconcile-report.ts";

export const RECONCILE_EVERY_MS = 24 * 60 * 60 * 1000;

export interface ReconcilerDeps {
  docket: Parameters<typeof reconcileTrackers>[0]["docket"];
  store: Parameters<typeof reconcileTrackers>[0]["store"];
  clock: Clock;
  logger: Logger;
  /** DOCKETBOT_ADMINS: Slack user ids; a message to a user id lands in their DM with the app. */
  admins: readonly string[];
  client?: WebClient | undefined;
}

export interface Reconciler {
  /** One run now: reconcile, then tell the admins if anything was fixed. */
  runOnce(): Promise<ReconcileReport>;
  start(): void;
  stop(): Promise<void>;
}

export function createReconciler(deps: ReconcilerDeps): Reconciler {
  const log = deps.logger.child({ component: "reconcile" });
  const stopping = new AbortController();
  let loop: Promise<void> | undefined;

  const tellAdmins = async (report: ReconcileReport) => {
    if (!deps.client || (report.fixes.length === 0 && report.failed === 0)) return;
    const message = renderReconcileReport({
      complete: report.complete,
      failed: report.failed,
      fixes: report.fixes.map((f) => ({
        target: f.target, title: f.title, kind: f.kind, matters: f.matters,
        ...(f.plan.kind === "enable" ? { frequency: f.plan.frequency, tag: f.plan.tag } : {}),
      })),
    });
    for (const admin of deps.admins) {
      await postMessage(deps.client, { channel: admin, message }).catch((err: unknown) => log.warn({ err, admin }, "could not tell an admin what reconciliation fixed"));
    }
  };

  const runOnce = async () => {
    const report = await reconcileTrackers({ docket: deps.docket, store: deps.store, logger: log });
    await tellAdmins(report);
    return report;
  };

  return {
    runOnce,
    start() {
      if (loop) return;
      loop = (async () => {
        while (!stopping.signal.aborted) {
          try {
            await runOnce();
          } catch (err) {
            log.warn({ err }, "reconciliation failed; trying again tomorrow");
          }
          try {
            await deps.clock.sleep(RECONCILE_EVERY_MS, stopping.signal);
          } catch {
            return; // stopped
          }
        }
      })();
    },
    async stop() {
      stopping.abort();
      await loop;
    },
  };
}
