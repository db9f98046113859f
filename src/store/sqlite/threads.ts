/**
 * Q&A threads (issue 4, Thread Q&A): a Slack thread is bound to one case and matter, and every
 * question and answer in it is appended, so a follow-up is answered with the earlier turns as context.
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { QaTarget, QaTurn, ThreadBinding, ThreadKey } from "../store.ts";
import type { Store } from "../store.ts";
import {
  checkLimit, fromMicros, int, optInt, optText, rowId, SCOPE_SQL, scopeParam, text, toMicros, type Row, type StoreContext,
} from "./context.ts";

export type ThreadsArea = Pick<Store, "bindThread" | "getThread" | "appendTurn" | "recentTurns" | "billThread">;

const KEY = "team_id = :team AND channel_id = :channel AND thread_ts = :ts";
const keyParams = (k: ThreadKey) => ({ team: k.teamId, channel: k.channelId, ts: k.threadTs });

function toBinding(row: Row): ThreadBinding {
  return {
    teamId: text(row, "team_id"),
    channelId: text(row, "channel_id"),
    threadTs: text(row, "thread_ts"),
    court: text(row, "court"),
    docket: text(row, "docket"),
    clientMatter: text(row, "client_matter"),
    createdBy: text(row, "created_by"),
    createdAt: int(row, "created_at"),
    target: toTarget(optText(row, "target")),
  };
}

const TARGETS: readonly QaTarget[] = ["docket", "documents", "both"];
const toTarget = (v: string | undefined): QaTarget | undefined => TARGETS.find((t) => t === v);

function toTurn(row: Row): QaTurn {
  const micros = optInt(row, "price_micros");
  return {
    id: int(row, "id"),
    question: text(row, "question"),
    answer: text(row, "answer"),
    providers: JSON.parse(text(row, "providers")) as string[],
    price: micros === undefined ? undefined : fromMicros(micros),
    relevantEntries: JSON.parse(text(row, "relevant_entries")) as string[],
    askedBy: text(row, "asked_by"),
    at: int(row, "at"),
  };
}

export function createThreads(ctx: StoreContext): ThreadsArea {
  const { db, clock } = ctx;
  const insertThread = db.prepare(`
    INSERT INTO qa_threads (team_id, channel_id, thread_ts, court, docket, client_matter, created_by, created_at, target)
    VALUES (:team, :channel, :ts, :court, :docket, :matter, :by, :now, :target)
    ON CONFLICT DO NOTHING`);
  const selectThread = db.prepare(`SELECT * FROM qa_threads WHERE ${KEY}`);
  const selectScoped = db.prepare(`SELECT * FROM qa_threads WHERE ${KEY} AND ${SCOPE_SQL("client_matter")}`);
  const insertTurn = db.prepare(`
    INSERT INTO qa_turns (team_id, channel_id, thread_ts, question, answer, providers, price_micros,
                          relevant_entries, asked_by, at)
    VALUES (:team, :channel, :ts, :question, :answer, :providers, :price, :entries, :by, :now)`);
  const lastTurns = db.prepare(`SELECT * FROM qa_turns WHERE ${KEY} ORDER BY id DESC LIMIT :limit`);

  // A thread with no matter (a question asked in the app DM) gets the one its asker picks, once.
  const billUnbilled = db.prepare(`UPDATE qa_threads SET client_matter = :matter WHERE ${KEY} AND client_matter = '' RETURNING *`);

  return {
    bindThread: (input) =>
      ctx.run("bindThread", () =>
        ctx.tx("bindThread", () => {
          insertThread.run({
            ...keyParams(input),
            court: input.court,
            docket: input.docket,
            matter: input.clientMatter,
            by: input.createdBy,
            now: clock.now(),
            target: input.target ?? null,
          });
          const row = selectThread.get(keyParams(input));
          if (!row) throw new Error("the thread binding just written is missing");
          return toBinding(row);
        }),
      ),

    billThread: (key, clientMatter) =>
      ctx.run("billThread", () => {
        const row = billUnbilled.get({ ...keyParams(key), matter: clientMatter });
        return row ? toBinding(row) : undefined;
      }),

    getThread: (key, scope) =>
      ctx.run("getThread", () => {
        const row = selectScoped.get({ ...keyParams(key), scope: scopeParam(scope) });
        return row ? toBinding(row) : undefined;
      }),

    appendTurn: (key, turn) =>
      ctx.run("appendTurn", () =>
        ctx.tx("appendTurn", () => {
          if (!selectThread.get(keyParams(key))) {
            throw new StoreError(StoreErrorCode.NotFound, "appendTurn", "appendTurn: the thread is not bound to a case");
          }
          const at = clock.now();
          const result = insertTurn.run({
            ...keyParams(key),
            question: turn.question,
            answer: turn.answer,
            providers: JSON.stringify(turn.providers),
            price: toMicros(turn.price),
            entries: JSON.stringify(turn.relevantEntries),
            by: turn.askedBy,
            now: at,
          });
          return {
            id: rowId(result),
            question: turn.question,
            answer: turn.answer,
            providers: [...turn.providers],
            price: turn.price,
            relevantEntries: [...turn.relevantEntries],
            askedBy: turn.askedBy,
            at,
          };
        }),
      ),

    recentTurns: (key, limit) =>
      ctx.run("recentTurns", () =>
        lastTurns.all({ ...keyParams(key), limit: checkLimit("recentTurns", limit) }).map(toTurn).reverse(),
      ),
  };
}
