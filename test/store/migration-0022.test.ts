/**
 * Migration 22 reads, once, what every push stored before names (court/push-target.ts's rule, in
 * each database's SQL), so routing and catch-up can match subscriptions on columns and never on a
 * body: inline and parted bodies, a byte order mark, escapes, a blank query, a docket that is not a
 * string, quarantined rows (a requeue routes by the row). A body that is not JSON names none
 * rather than failing the upgrade.
 */
import { expect, it } from "vitest";
import { pushTargetOfText } from "../../src/court/push-target.ts";
import { targetParams } from "../../src/store/areas/subscription-match.ts";
import { describeStores } from "./contract/stores.ts";
import { migrateBefore, migrationIndex } from "./migrated-before.ts";
import { C_A, TEAM } from "./helpers.ts";

const MIGRATION = "a push keeps the case or search it names";
const BEFORE = migrationIndex(MIGRATION);

const docket = (extra: object) => JSON.stringify({ push_type: "docket", client_matter: "ACME-001", docket_report: [], ...extra });
const parted = docket({ court: "nysd", docket: "1:23-cv-01234", info: { title: "Acme v. Widget" } });
const cut = parted.indexOf("Widget");

/** [routing, body] of each old row; a parted one's text is stored in two parts. */
const OLD: [string, string][] = [
  ["routed", docket({ court: "nysd", docket: "1:23-cv-01234" })],
  ["routed", JSON.stringify({ push_type: "search_results", client_matter: "ACME-001", q: "\twidget patent ", search_results: [] })],
  ["held", `\uFEFF${docket({ court: "S.D.N.Y.", docket: "1:23-cv-1234" })}`],
  ["routed", parted],
  ["quarantined", docket({ court: "nysd", docket: "1:23-cv-01234", docket_report: 5 })],
  ["routed", docket({ q: " \n", court: "ilnd", docket: "1:99-cv-1" })],
  ["routed", docket({ court: "nysd", docket: 1234 })],
  ["routed", docket({ court: "Cour d\\u00e9 \u00e9t\u00e9", docket: "1:24-cv-\\u0031" }).replace(/\\\\u/g, "\\u")],
  ["routed", "not json at all"],
  ["routed", JSON.stringify([{ court: "nysd", docket: "1" }])],
];

describeStores("migration 22 on a database with pushes", (kind) => {
  it("names each old push's case or search as intake now does, and catch-up finds them", async () => {
    expect(BEFORE).toBeGreaterThan(0);
    const at = kind.fresh();
    await migrateBefore(kind, at, MIGRATION);
    const quote = (t: string) => `'${t.replace(/'/g, "''")}'`;
    for (const [i, [routing, body]] of OLD.entries()) {
      const isParted = body === parted;
      await kind.sql(at, `INSERT INTO pushes (body_sha256, body, body_key, body_parts, received_at, stored_at, push_type, client_matter, routing)
        VALUES ('sha-${i}', ${isParted ? "''" : quote(body)}, ${isParted ? "'key-1'" : "NULL"}, ${isParted ? 2 : 0}, ${i}, ${i}, 'docket', 'ACME-001', '${routing}')`);
    }
    await kind.sql(at, `INSERT INTO push_body_parts (body_key, part, body, stored_at) VALUES ('key-1', 1, ${quote(parted.slice(cut))}, 0), ('key-1', 0, ${quote(parted.slice(0, cut))}, 0)`);

    const { store } = await kind.open({ at });
    try {
      const rows = await kind.sql(at, "SELECT target_court AS court, target_docket AS docket, target_q AS q FROM pushes ORDER BY id");
      const expected = OLD.map(([, body]) => targetParams(pushTargetOfText(body)));
      expect(rows).toEqual(expected);
      // As the rule reads them: the escapes decoded, a blank query passed over, the BOM skipped.
      expect(expected[7]).toEqual({ court: "Cour d\u00e9 \u00e9t\u00e9", docket: "1:24-cv-1", q: null });
      expect(expected.filter((t) => t.q !== null || t.docket !== null)).toHaveLength(7);

      // A matter catching up on the case gets the old routed pushes that name it, however written.
      await store.linkMatter({ ...C_A, clientMatter: "IP-007", linkedBy: "U1" });
      expect(await store.deliverMissed({ teamId: TEAM, clientMatter: "IP-007", target: { court: "nysd", docket: "1:23-cv-1234" }, since: 0 }))
        .toEqual({ pushes: 2, deliveries: 2 });
    } finally {
      await store.close();
    }
  });
});
