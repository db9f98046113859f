import { spawn } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { DatabaseSync } from "node:sqlite";
import { pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { open, tempDir } from "./helpers.ts";

const SRC = join(import.meta.dirname, "..", "..", "src");

/**
 * A child process stores pushes as fast as it can and prints "n id" for each one whose storePush
 * resolved (stdout to a pipe is synchronous on Linux, so a printed line means resolved-then-printed).
 */
const CHILD = `
import { openSqliteStore } from ${JSON.stringify(pathToFileURL(join(SRC, "store/sqlite/sqlite-store.ts")).href)};
import { systemClock } from ${JSON.stringify(pathToFileURL(join(SRC, "clock.ts")).href)};
const store = await openSqliteStore({ path: process.argv[2], clock: systemClock });
await store.linkMatter({ teamId: "T1", channelId: "C1", clientMatter: "M", linkedBy: "U1" });
process.stdout.write("ready\\n");
for (let n = 0; ; ) {
  const batch = Array.from({ length: 25 }, () => n++);
  await Promise.all(batch.map(async (k) => {
    const body = JSON.stringify({ push_type: "docket", client_matter: "M", n: k });
    const r = await store.storePush({ body, receivedAt: systemClock.now(), pushType: "docket", clientMatter: "M" });
    process.stdout.write(k + " " + r.id + "\\n");
  }));
}
`;

describe("crash: SIGKILL while pushes are being stored", () => {
  let tmp: ReturnType<typeof tempDir>;
  beforeEach(() => {
    tmp = tempDir();
  });
  afterEach(() => tmp.cleanup());

  it("every push whose storePush resolved is there after a restart, with exactly one delivery", async () => {
    const script = join(tmp.dir, "child.mjs");
    writeFileSync(script, CHILD);
    const path = tmp.file();
    const child = spawn(process.execPath, ["--no-warnings", script, path], { stdio: ["ignore", "pipe", "pipe"] });
    let stderr = "";
    child.stderr.on("data", (d) => (stderr += String(d)));
    const acked = new Map<number, number>();
    const exited = new Promise<NodeJS.Signals | null>((resolve) => child.on("exit", (_code, signal) => resolve(signal)));

    const target = 300 + Math.floor(Math.random() * 300); // a random moment
    for await (const line of createInterface({ input: child.stdout })) {
      if (line === "ready") continue;
      const [n, id] = line.split(" ").map(Number);
      acked.set(n!, id!);
      if (acked.size >= target) {
        child.kill("SIGKILL");
        break;
      }
    }
    expect(await exited, stderr).toBe("SIGKILL");
    expect(acked.size).toBeGreaterThanOrEqual(target);

    const { store } = await open({ path });
    const raw = new DatabaseSync(path, { readOnly: true });
    const byId = raw.prepare("SELECT body FROM pushes WHERE id = ?");
    for (const [n, id] of acked) {
      expect(JSON.parse(String(byId.get(id)?.body)).n).toBe(n);
    }
    const perPush = raw
      .prepare("SELECT COUNT(*) AS n, COUNT(DISTINCT push_id) AS pushes FROM deliveries")
      .get();
    const pushes = raw.prepare("SELECT COUNT(*) AS n FROM pushes").get()?.n;
    expect(perPush).toEqual({ n: pushes, pushes });
    raw.close();
    expect((await store.health()).ok).toBe(true);
    await store.close();
  });
});
