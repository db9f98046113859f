/**
 * Migration 17 on SQLite rebuilds `deliveries` (a CHECK cannot change in place): every row keeps its
 * id and state, and the AUTOINCREMENT counter goes on, so no delivery id (carried in Slack message
 * metadata) is ever handed out twice.
 */
import { DatabaseSync } from "node:sqlite";
import { describe, expect, it } from "vitest";
import { migrate, MIGRATIONS } from "../../src/store/sqlite/migrate.ts";

describe("migration 17 (parked and dismissed deliveries) on SQLite", () => {
  it("keeps every delivery and the id counter, and takes the dismissed state", () => {
    const db = new DatabaseSync(":memory:");
    const at = MIGRATIONS.findIndex((m) => m.name === "parked and dismissed deliveries");
    expect(at).toBeGreaterThan(0);
    migrate(db, MIGRATIONS.slice(0, at));
    db.exec("INSERT INTO pushes (body_sha256, body, received_at, stored_at, routing) VALUES ('x', '{}', 0, 0, 'routed')");
    const insert = (channel: string, state: string) => db.exec(`INSERT INTO deliveries (push_id, team_id, channel_id, client_matter, state,
      next_attempt_at, created_at, queued_at, updated_at) VALUES (1, 'T', '${channel}', 'M', '${state}', 0, 0, 0, 0)`);
    for (const [c, st] of [["C1", "sent"], ["C2", "dead"], ["C3", "pending"], ["C4", "pending"]] as const) insert(c, st);
    db.exec("DELETE FROM deliveries WHERE channel_id = 'C4'"); // the highest id, gone
    migrate(db, MIGRATIONS);
    expect(db.prepare("SELECT id, state, faults, dismissed_by FROM deliveries ORDER BY id").all().map((r) => ({ ...r }))).toEqual([
      { id: 1, state: "sent", faults: 0, dismissed_by: null },
      { id: 2, state: "dead", faults: 0, dismissed_by: null },
      { id: 3, state: "pending", faults: 0, dismissed_by: null },
    ]);
    insert("C5", "dismissed");
    expect(db.prepare("SELECT MAX(id) AS id FROM deliveries").get()).toMatchObject({ id: 5 });
    expect(() => db.exec("UPDATE deliveries SET dismissed_by = 'U1' WHERE id = 5")).toThrow(/CHECK/);
    expect(db.prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'deliveries' AND name LIKE 'deliveries_%' ORDER BY name").all().map((r) => r.name))
      .toEqual(["deliveries_by_matter_state", "deliveries_by_state", "deliveries_open_by_channel"]);
    db.close();
  });
});
