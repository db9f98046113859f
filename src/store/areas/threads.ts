/**
 * Q&A threads (issue 4, Thread Q&A): a Slack thread is bound to one case and matter (the first
 * binding wins), and every question and answer in it is appended, so a follow-up is answered with
 * the earlier turns as context.
 */
import { StoreError, StoreErrorCode } from "../errors.ts";
import type { QaTarget, QaTurn, Store, ThreadBinding, ThreadKey } from "../store.ts";
import { checkLimit, fromMicros, scopeParam, scopeSql, toMicros, type StoreContext } from "../sql/context.ts";
import { int, optInt, optText, text } from "../sql/rows.ts";
import { statement, type Row } from "../sql/statement.ts";

export type ThreadsArea = Pick<Store, "bindThread" | "getThread" | "appendTurn" | "recentTurns" | "billThread" | "recentAnswerPrices">;

const KEY = "team_id = :team AND channel_id = :channel AND thread_ts = :ts";
const keyParams = (k: ThreadKey) => ({ team: k.teamId, channel: k.channelId, ts: k.threadTs });

const TARGETS: readonly QaTarget[] = ["docket", "documents", "both"];
const toTarget = (v: string | undefined): QaTarget | undefined => TARGETS.find((t) => t === v);

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
    target: toTarget(optText(row, "target")),
    at: int(row, "at"),
  };
}

const insertThread = statement(`
  INSERT INTO qa_threads (team_id, channel_id, thread_ts, court, docket, client_matter, created_by, created_at, target)
  VALUES (:team, :channel, :ts, :court, :docket, :matter, :by, :now, :target)
  ON CONFLICT DO NOTHING`);
const selectThread = statement(`SELECT * FROM qa_threads WHERE ${KEY}`);
// What the answer read: as given, else what its thread reads (migration 23: the docket when none).
const insertTurn = statement(`
  INSERT INTO qa_turns (team_id, channel_id, thread_ts, question, answer, providers, price_micros,
                        relevant_entries, asked_by, at, target)
  VALUES (:team, :channel, :ts, :question, :answer, :providers, :price, :entries, :by, :now,
          COALESCE(:target, (SELECT target FROM qa_threads WHERE ${KEY}), 'docket'))
  RETURNING id, target`);
// A thread with no matter (a question asked in the app DM) gets the one its asker picks, once.
const billUnbilled = statement(`UPDATE qa_threads SET client_matter = :matter WHERE ${KEY} AND client_matter = '' RETURNING *`);
const lastTurns = statement(`SELECT * FROM qa_turns WHERE ${KEY} ORDER BY id DESC LIMIT :limit`);
// The workspace's last priced answers of one kind (index qa_turns_priced).
const answerPrices = statement(`
  SELECT price_micros FROM qa_turns
   WHERE team_id = :team AND target = :target AND price_micros IS NOT NULL
   ORDER BY id DESC LIMIT :limit`);

export function createThreads(ctx: StoreContext): ThreadsArea {
  const selectScoped = statement(`SELECT * FROM qa_threads WHERE ${KEY} AND ${scopeSql(ctx, "client_matter")}`);
  const { clock } = ctx;
  return {
    bindThread: (input) =>
      ctx.run("bindThread", () =>
        ctx.tx("bindThread", async (db) => {
          await db.run(insertThread, {
            ...keyParams(input),
            court: input.court,
            docket: input.docket,
            matter: input.clientMatter,
            by: input.createdBy,
            now: clock.now(),
            target: input.target ?? null,
          });
          const row = await db.get(selectThread, keyParams(input));
          if (!row) throw new Error("the thread binding just written is missing");
          return toBinding(row);
        }),
      ),

    billThread: (key, clientMatter) =>
      ctx.run("billThread", async () => {
        const row = await ctx.db.get(billUnbilled, { ...keyParams(key), matter: clientMatter });
        return row ? toBinding(row) : undefined;
      }),

    getThread: (key, scope) =>
      ctx.run("getThread", async () => {
        const row = await ctx.db.get(selectScoped, { ...keyParams(key), scope: scopeParam(ctx, scope) });
        return row ? toBinding(row) : undefined;
      }),

    appendTurn: (key, turn) =>
      ctx.run("appendTurn", () =>
        ctx.tx("appendTurn", async (db) => {
          if (!(await db.get(selectThread, keyParams(key)))) {
            throw new StoreError(StoreErrorCode.NotFound, "appendTurn", "appendTurn: the thread is not bound to a case");
          }
          const at = clock.now();
          const row = await db.get(insertTurn, {
            ...keyParams(key),
            question: turn.question,
            answer: turn.answer,
            providers: JSON.stringify(turn.providers),
            price: toMicros(turn.price),
            entries: JSON.stringify(turn.relevantEntries),
            by: turn.askedBy,
            now: at,
            target: toTarget(turn.target) ?? null,
          });
          return {
            id: int(row ?? {}, "id"),
            question: turn.question,
            answer: turn.answer,
            providers: [...turn.providers],
            price: turn.price,
            relevantEntries: [...turn.relevantEntries],
            askedBy: turn.askedBy,
            target: toTarget(optText(row ?? {}, "target")),
            at,
          };
        }),
      ),

    recentAnswerPrices: (q) =>
      ctx.run("recentAnswerPrices", async () =>
        (await ctx.db.all(answerPrices, { team: q.teamId, target: q.target, limit: checkLimit("recentAnswerPrices", q.limit, 500) })).map((row) =>
          fromMicros(int(row, "price_micros")),
        ),
      ),

    recentTurns: (key, limit) =>
      ctx.run("recentTurns", async () =>
        (await ctx.db.all(lastTurns, { ...keyParams(key), limit: checkLimit("recentTurns", limit) })).map(toTurn).reverse(),
      ),
  };
}
