/**
 * Issue 6 in a real browser: the whole sandbox (src/sandbox/run.ts: docket emulator, docketbot,
 * Slack stand-in) in-process on ephemeral ports, and the stand-in's page in headless Chromium
 * driven by playwright-core. A person's demo, step by step: show the flagship case (privately),
 * share it with the channel and page it (privately again), Track it, get a pushed alert thread live,
 * ask about the case and follow up in the thread. Screenshots of each step go to
 * test-artifacts/sandbox/ (gitignored; CI keeps them as artifacts).
 *
 * Needs Debian's chromium (.ci/run installs it); without it the suite is skipped and says why.
 */
import { existsSync, mkdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Locator, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FLAGSHIP } from "../../../sandbox/docket-service/corpus/flagship.ts";
import { startSandbox, type Sandbox } from "../../../sandbox/run.ts";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const CHROMIUM = CANDIDATES.find((p): p is string => typeof p === "string" && p !== "" && existsSync(p));
/** Flags for a locked-down machine: no sandbox as root, no GPU, no calls home (see .ci/run). */
const ARGS = [
  "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
  "--disable-component-update", "--disable-sync",
];
const ARTIFACTS = fileURLToPath(new URL("../../../test-artifacts/sandbox/", import.meta.url));
const STEP_MS = 15_000;

if (!CHROMIUM) {
  describe("the sandbox in a browser", () => {
    it.skip(`skipped: no Chromium found (looked at ${CANDIDATES.filter(Boolean).join(", ")}); install Debian's chromium (apt-get install chromium) or set CHROMIUM_PATH`, () => undefined);
  });
} else {
  describe("the sandbox in a browser", () => {
    let sandbox: Sandbox;
    let browser: Browser;
    let page: Page;
    const problems: string[] = [];

    const shot = (name: string) => page.screenshot({ path: `${ARTIFACTS}${name}.png` });
    /**
     * Scrolls to `what` for a screenshot. A message or a Home republish arriving meanwhile re-renders
     * the list under it ("Element is not attached to the DOM", once in a loaded CI run, and the next
     * test timed out behind it): the locator finds the new element on the next try.
     */
    const inView = async (what: Locator) => {
      for (let tries = 0; ; tries++) {
        try {
          return await what.scrollIntoViewIfNeeded();
        } catch (e) {
          if (tries >= 3 || !String(e).includes("not attached")) throw e;
        }
      }
    };
    const main = () => page.locator("#pane");
    const thread = () => page.getByRole("complementary", { name: "Thread" });
    const composer = () => page.getByRole("textbox", { name: "Message #litigation-acme" });
    const messages = (where: Locator) => where.locator("article.msg");
    /** Messages only the signed-in person sees, and the channel's own (everyone's). */
    const privateMessages = (where: Locator) => where.locator("article.msg.msg-ephemeral");
    const sharedMessages = (where: Locator) => where.locator("article.msg:not(.msg-ephemeral)");
    const caseViews = (list: Locator) => list.filter({ has: page.getByRole("heading", { name: FLAGSHIP.title }) });

    beforeAll(async () => {
      mkdirSync(ARTIFACTS, { recursive: true });
      // Fast settings: no simulated court latency, and trackers push only when the test says so.
      sandbox = await startSandbox({ port: 0, dataDir: ":memory:", latencyMs: { default: 0, searchpacer: 0 }, autoPush: false, logLevel: "silent" });
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
      page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
      page.setDefaultTimeout(STEP_MS);
      page.on("pageerror", (e) => problems.push(`page error: ${e.message}`));
      page.on("console", (m) => {
        if (m.type() === "error") problems.push(`console: ${m.text()}`);
      });
    }, 30_000);

    afterAll(async () => {
      await browser?.close();
      await sandbox?.close();
    }, 30_000);

    it("opens on #litigation-acme, signed in as Ann Admin", async () => {
      await page.goto(sandbox.url);
      await page.locator("body[data-ready=true]").waitFor();
      await expect(page.getByRole("heading", { name: "# litigation-acme" }).isVisible()).resolves.toBe(true);
      await expect(page.getByLabel("Signed in as").inputValue()).resolves.toBe("U0ADMIN");
      await shot("01-open");
    });

    it("/docket case shows the flagship case to me alone, with Share to channel", async () => {
      await composer().fill(`/docket case nysd ${FLAGSHIP.docket}`);
      await shot("02-command");
      await composer().press("Enter");
      const view = caseViews(privateMessages(main()));
      await view.waitFor();
      await expect(view.getByText("Only visible to you").isVisible()).resolves.toBe(true);
      await expect(view.getByText("1:23-cv-01234").first().isVisible()).resolves.toBe(true);
      await expect(view.getByRole("button", { name: "Get PDF" }).count()).resolves.toBeGreaterThan(0);
      await expect(view.getByRole("button", { name: "Share to channel" }).isVisible()).resolves.toBe(true);
      await expect(caseViews(sharedMessages(main())).count()).resolves.toBe(0);
      await inView(view.getByText("Only visible to you"));
      await shot("03-case-view");
    });

    it("Share to channel posts it for everyone; Older entries on the shared view gives me a private page, the shared one stays", async () => {
      await caseViews(privateMessages(main())).getByRole("button", { name: "Share to channel" }).click();
      const shared = caseViews(sharedMessages(main()));
      await shared.waitFor();
      await caseViews(privateMessages(main())).waitFor({ state: "detached" });
      await expect(shared.getByText(/Entries 1–20 of/).isVisible()).resolves.toBe(true);
      await expect(shared.getByRole("button", { name: "Share to channel" }).count()).resolves.toBe(0);
      await shot("03a-shared");
      await shared.getByRole("button", { name: "Older entries" }).click();
      const older = caseViews(privateMessages(main()));
      await older.getByText(/Entries 21–40 of/).waitFor();
      await expect(older.getByRole("button", { name: "Share to channel" }).isVisible()).resolves.toBe(true);
      await expect(shared.getByText(/Entries 1–20 of/).isVisible()).resolves.toBe(true);
      await inView(older);
      await shot("03b-older-private");
      await older.getByRole("button", { name: "Dismiss message" }).click();
      await older.waitFor({ state: "detached" });
    });

    it("Track opens the modal; with a frequency picked, the channel gets the confirmation", async () => {
      const view = caseViews(sharedMessages(main()));
      await view.getByRole("button", { name: "Track", exact: true }).click();
      const modal = page.getByRole("dialog", { name: "Track a case" });
      await modal.getByLabel("Check for new filings").selectOption("daily");
      // Issue 25 item 10: the form names the case by its title, the number once.
      await modal.getByText(FLAGSHIP.title).first().waitFor();
      await shot("04-track-modal");
      await modal.getByRole("button", { name: "Track", exact: true }).click();
      const confirmation = messages(main()).filter({ hasText: "Checked daily for matter ACME-001" });
      await confirmation.waitFor();
      await modal.getByText(/I posted this in #litigation-acme/).waitFor();
      await shot("05-tracked");
      await modal.getByRole("button", { name: "Close", exact: true }).last().click();
      await modal.waitFor({ state: "detached" });
      const trackers = await sandbox.bot.docket.listTrackers({ limit: 50 });
      expect(trackers.data.dockets.find((t) => t.docket === FLAGSHIP.docket)).toMatchObject({ enabled: true, frequency: "daily", client_matter: "ACME-001" });
    });

    it("a push from the emulator (Demo controls) appears live: the order in the channel, the routine filing in the case thread", async () => {
      await page.getByRole("button", { name: "Push a new filing now" }).click();
      await page.locator("#demo-result").getByText(/pushed a new filing/).waitFor();
      // Issue 12: the order is a new message at the bottom of the channel (a reply broadcast from
      // the case thread), with its sign-off controls; the notice of appearance is only counted there.
      const headline = messages(main()).filter({ hasText: "Replied to a thread" });
      await headline.waitFor();
      await expect(headline.innerText()).resolves.toMatch(/#\d+ · \d{1,2}\/\d{1,2}\/\d{4} · Order — ORDER granting/);
      await expect(headline.innerText()).resolves.toContain("+1 routine filing in the thread");
      // Issue 25 item 2: the button names the action; the state it leaves is text, with Undo.
      await expect(headline.getByRole("button", { name: "Mark docketed" }).isVisible()).resolves.toBe(true);
      await expect(headline.getByRole("button", { name: /✓/ }).count()).resolves.toBe(0);
      await inView(headline);
      await shot("06-headline-mark-docketed");
      await headline.getByRole("button", { name: "Mark docketed" }).click();
      await headline.getByText(/✓ Docketed by/).waitFor();
      await expect(headline.getByRole("button", { name: "Undo" }).isVisible()).resolves.toBe(true);
      await expect(headline.getByRole("button", { name: "Mark docketed" }).count()).resolves.toBe(0);
      await shot("06a-headline-docketed");
      const alert = messages(main()).filter({ hasText: /2 new entries · latest/ });
      await alert.waitFor();
      await shot("06-alert");
      await alert.getByRole("button", { name: /2 replies/ }).click();
      await messages(thread()).nth(2).waitFor();
      await expect(messages(thread()).count()).resolves.toBe(3);
      await expect(messages(thread()).nth(1).innerText()).resolves.toContain("Also sent to the channel");
      await shot("07-alert-thread");
      // The reply is the new docket entries: the order as an entry (number, date, its tag, what was
      // filed), the notice of appearance folded into the routine line.
      const reply = await messages(thread()).nth(2).innerText();
      expect(reply).toMatch(/#\d+ · \d{1,2}\/\d{1,2}\/\d{4}(?: · [^—\n]+)? — ORDER granting/);
      expect(reply).toMatch(/\+1 routine filing \(notice of appearance\)/);

      // Issue 25 item 3: a mention in the alert thread is about the thread's case.
      const reply3 = page.getByRole("textbox", { name: "Reply…" });
      await reply3.fill("@docketbot what does the latest order require us to do, and by when?");
      await reply3.press("Enter");
      const duties = messages(thread()).filter({ hasText: /requires: .*By when:/ });
      await duties.waitFor();
      await expect(messages(thread()).filter({ hasText: "Mention me with a case" }).count()).resolves.toBe(0);
      await inView(duties);
      await shot("07a-alert-thread-mention");
      await thread().getByRole("button", { name: "Close thread" }).click();
    });

    it("asks about the case, then follows up in the thread; answers name their sources", async () => {
      await composer().fill(`/docket ask nysd ${FLAGSHIP.docket} Has the motion to dismiss been decided?`);
      await composer().press("Enter");
      const question = messages(main()).filter({ hasText: "Has the motion to dismiss been decided?" });
      await question.getByRole("button", { name: /1 reply/ }).click();
      const answer = messages(thread()).filter({ hasText: /Based on entries? / });
      await answer.waitFor();
      await expect(answer.getByRole("link", { name: "#19" }).isVisible()).resolves.toBe(true);
      await shot("08-answer");

      const reply = page.getByRole("textbox", { name: "Reply…" });
      // A follow-up is addressed to docketbot (issue 14 item 1): other replies are the team's own.
      await reply.fill("@docketbot What did the court dismiss?");
      await reply.press("Enter");
      // The answer quotes the question too (issue 25 item 1): the first is the asker's own.
      await messages(thread()).filter({ hasText: "What did the court dismiss?" }).first().waitFor();
      await expect.poll(() => messages(thread()).filter({ hasText: /Based on entries? / }).count(), { timeout: STEP_MS }).toBe(2);
      await shot("09-follow-up");

      // Issue 25 item 1: the Ask a follow-up button: a form naming the case, and the question shown
      // in the thread under its asker before its answer, which answers it.
      await messages(thread()).filter({ hasText: /Based on entries? / }).last().getByRole("button", { name: "Ask a follow-up" }).click();
      const modal = page.getByRole("dialog", { name: "Ask a follow-up" });
      await modal.getByText(FLAGSHIP.title).first().waitFor();
      await modal.getByLabel("Question").fill("When are expert reports due?");
      await shot("09d-follow-up-form");
      await modal.getByRole("button", { name: "Ask", exact: true }).click();
      await modal.waitFor({ state: "detached" });
      const asked = messages(thread()).filter({ hasText: "asks a follow-up" });
      await asked.waitFor();
      await expect(asked.innerText()).resolves.toContain("When are expert reports due?");
      const answered = messages(thread()).filter({ hasText: /Expert Reports are due/ });
      await answered.waitFor();
      // Money in cents (issue 25 item 5).
      await expect(answered.innerText()).resolves.toMatch(/\$\d+\.\d\d billed to ACME-001/);
      await expect(answered.innerText()).resolves.not.toMatch(/\$\d+\.\d{3}/);
      await inView(answered);
      await shot("09e-follow-up-in-thread");
    });

    it("a budget's ask-first price holds a question until its asker clicks Go ahead (issue 14)", async () => {
      await composer().fill("/docket budget set ACME-001 $500 ask-above $0.01");
      await composer().press("Enter");
      await messages(main()).filter({ hasText: "monthly budget is now $500.00" }).waitFor();
      await composer().fill(`/docket ask nysd ${FLAGSHIP.docket} When are expert reports due?`);
      await composer().press("Enter");
      const question = messages(main()).filter({ hasText: "When are expert reports due?" });
      await question.getByRole("button", { name: /1 reply/ }).click();
      const card = messages(thread()).filter({ hasText: "asks about first. Nothing has been charged yet." });
      await card.waitFor();
      await shot("09a-ask-first");
      await card.getByRole("button", { name: /Go ahead/ }).click();
      await messages(thread()).filter({ hasText: /billed to ACME-001/ }).waitFor();
      await shot("09b-answer-after-go-ahead");
      await thread().getByRole("button", { name: "Close thread" }).click();
      await composer().fill("/docket budget");
      await composer().press("Enter");
      await privateMessages(main()).filter({ hasText: "Budgets for" }).waitFor();
      await shot("09c-budget");

      // Issue 25 items 5 and 6: past its cap, the PACER confirmation says so before the click, and
      // Home marks the matter over budget, in cents.
      await composer().fill("/docket budget set ACME-001 $0.01");
      await composer().press("Enter");
      await messages(main()).filter({ hasText: "monthly budget is now $0.01" }).waitFor();
      await composer().fill("/docket pacer Acme court:nysd");
      await composer().press("Enter");
      const pacer = privateMessages(main()).filter({ hasText: "Live PACER search" });
      await pacer.getByText(/ACME-001 is past its \$0\.01 monthly budget/).waitFor();
      await expect(pacer.getByRole("button", { name: "Ask an admin to approve ($0.20)" }).isVisible()).resolves.toBe(true);
      await inView(pacer);
      await shot("09f-pacer-over-budget");
      // Asked anyway, the card waits for an admin; once Ann (an admin) declines in her DM with
      // docketbot, the card says so rather than still waiting.
      const held = main().locator(`article.msg[data-ts="${await pacer.getAttribute("data-ts")}"]`);
      await pacer.getByRole("button", { name: "Ask an admin to approve ($0.20)" }).click();
      await held.getByText(/is waiting for an admin's approval/).waitFor();
      await page.locator('button.nav-item[data-target="D0ANN"]').click();
      const asked = messages(main()).filter({ hasText: "Approval needed" }).last();
      const request = main().locator(`article.msg[data-ts="${await asked.getAttribute("data-ts")}"]`);
      await request.getByRole("button", { name: "Decline" }).click();
      await request.getByText(/Declined by/).waitFor();
      await page.getByRole("button", { name: "# litigation-acme" }).or(page.getByRole("link", { name: "litigation-acme" })).first().click();
      await held.getByText(/This PACER search was declined by @.+; nothing was charged\./).waitFor();
      await expect(held.innerText()).resolves.not.toContain("waiting for an admin");
      await inView(held);
      await shot("09h-pacer-declined");
      await page.getByRole("button", { name: "docketbot Home" }).click();
      const home = page.getByRole("region", { name: "docketbot Home" });
      await home.getByText(/over budget/).waitFor();
      await expect(home.innerText()).resolves.toMatch(/\$\d+\.\d\d of \$0\.01 this month · ⚠️ over budget by \$\d+\.\d\d/);
      await inView(home.getByText(/over budget/));
      await shot("09g-home-over-budget");
      await page.getByRole("button", { name: "# litigation-acme" }).or(page.getByRole("link", { name: "litigation-acme" })).first().click();
      await composer().fill("/docket budget clear ACME-001");
      await composer().press("Enter");
      await messages(main()).filter({ hasText: "has no monthly budget now" }).waitFor();
    });

    it("shows untrusted text as text", async () => {
      const hostile = `<img src=x onerror="window.__pwned=1"> *bold* <script>window.__pwned=2</script> https://evil.example/x`;
      await composer().fill(hostile);
      await composer().press("Enter");
      const posted = messages(main()).filter({ hasText: "<img src=x" });
      await posted.waitFor();
      await expect(posted.locator("img, script").count()).resolves.toBe(0);
      await expect(page.evaluate(() => (globalThis as unknown as { __pwned?: number }).__pwned)).resolves.toBeUndefined();
      await expect(posted.getByText(hostile.slice(0, 40), { exact: false }).isVisible()).resolves.toBe(true);
    });

    it("shows the App Home tab, and no page errors happened along the way", async () => {
      await page.getByRole("button", { name: "docketbot Home" }).click();
      await page.getByRole("region", { name: "docketbot Home" }).getByText("Your recent cases").waitFor();
      await shot("10-app-home");
      expect(problems).toEqual([]);
    });
  });
}
