/**
 * The sandbox's Slack page renders mrkdwn as Slack does (docs.slack.dev, Formatting text): bold,
 * italic, strike, code, links and :emoji: codes inside list lines and inside a link's label too,
 * as docketbot's filing lines write them (`• <url|*#60*> · 11/2/2026 · Order — …`), and never
 * anything as markup. The page's own modules (web/js/mrkdwn.js, richtext.js) run in Chromium.
 *
 * Needs Debian's chromium (.ci/run installs it); without it the suite is skipped and says why.
 */
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium, type Browser, type Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

const CANDIDATES = [process.env.CHROMIUM_PATH, "/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"];
const CHROMIUM = CANDIDATES.find((p): p is string => typeof p === "string" && p !== "" && existsSync(p));
const ARGS = ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update", "--disable-sync"];
const WEB = fileURLToPath(new URL("../../../sandbox/slack/web/", import.meta.url));

/** A page that renders with the page's own modules: mrkdwn strings, or a rich_text block. */
const PAGE = `<!doctype html><title>mrkdwn</title><script type="module">
import { mrkdwn } from "/js/mrkdwn.js";
import { renderRichText } from "/js/richtext.js";
const ctx = { userName: (id) => id, channelName: (id) => id, openChannel: () => undefined, tz: "UTC" };
window.renderForTest = (s) => {
  const el = document.createElement("div");
  el.append(typeof s === "string" ? mrkdwn(s, ctx) : renderRichText(s, ctx));
  return el.innerHTML;
};
document.body.dataset.ready = "true";
</script><body></body>`;

/** The page's modules, and the page above to import them from (same origin). */
function serveWeb(): Promise<Server> {
  const server = createServer((req, res) => {
    const path = normalize(decodeURIComponent(new URL(req.url ?? "/", "http://x").pathname));
    if (path === "/") return void res.writeHead(200, { "content-type": "text/html" }).end(PAGE);
    if (!path.startsWith("/js/") || !path.endsWith(".js")) return void res.writeHead(404).end();
    readFile(join(WEB, path)).then(
      (body) => res.writeHead(200, { "content-type": "text/javascript" }).end(body),
      () => res.writeHead(404).end(),
    );
  });
  return new Promise((resolve) => server.listen(0, "127.0.0.1", () => resolve(server)));
}

if (!CHROMIUM) {
  describe("the page's mrkdwn", () => {
    it.skip(`skipped: no Chromium found (looked at ${CANDIDATES.filter(Boolean).join(", ")}); install Debian's chromium or set CHROMIUM_PATH`, () => undefined);
  });
} else {
  describe("the page's mrkdwn", () => {
    let server: Server;
    let browser: Browser;
    let page: Page;

    beforeAll(async () => {
      server = await serveWeb();
      browser = await chromium.launch({ executablePath: CHROMIUM, headless: true, args: ARGS });
      page = await browser.newPage();
      await page.goto(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      await page.locator("body[data-ready=true]").waitFor({ state: "attached" });
    }, 30_000);
    afterAll(async () => {
      await browser?.close();
      await new Promise((r) => server?.close(r));
    });

    /** The HTML the page builds for a mrkdwn string (a rich_text block when given an object). */
    const render = (source: string | object): Promise<string> =>
      page.evaluate((s) => (globalThis as unknown as { renderForTest(s: unknown): string }).renderForTest(s), source);
    const text = (html: string) => html.replace(/<[^>]*>/g, "");

    it("formats a filing line's bold entry number inside its link, in a list line and out of one", async () => {
      for (const line of ["• <https://site.example/e/60|*#60*> · 11/2/2026 · Order — granting", "<https://site.example/e/60|*#60*> · 11/2/2026 · Order — granting"]) {
        const html = await render(line);
        expect(html).toMatch(/<a [^>]*href="https:\/\/site\.example\/e\/60"[^>]*><strong>#60<\/strong><\/a>/);
        expect(text(html)).not.toContain("*");
      }
    });

    it("formats bold, italic, strike, code, links and emoji codes inside list lines", async () => {
      const html = await render("• *#60* _moved_ ~vacated~ `Dkt 12` <https://site.example/x|the order> :busts_in_silhouette: :no_such_code:\n1. *first*");
      expect(html).toContain('<div class="mk-li mk-indent-0"><span class="mk-bullet">•</span>');
      for (const part of ["<strong>#60</strong>", "<em>moved</em>", "<s>vacated</s>", '<code class="mk-code">Dkt 12</code>', ">the order</a>", ">👥</span>", "<strong>first</strong>"]) expect(html).toContain(part);
      // An unknown code stays as typed.
      expect(text(html)).toContain(":no_such_code:");
      expect(text(html).replace(":no_such_code:", "")).not.toMatch(/[*_~`]/);
    });

    it("an emoji code in a link's label, and rich_text lists' styled text", async () => {
      expect(await render("<https://site.example/d|:page_facing_up: Get the order>")).toMatch(/<a [^>]*><span class="emoji"[^>]*>📄<\/span> Get the order<\/a>/);
      const list = await render({
        type: "rich_text",
        elements: [{ type: "rich_text_list", style: "bullet", elements: [{ type: "rich_text_section", elements: [
          { type: "text", text: "#60", style: { bold: true } }, { type: "text", text: " due " }, { type: "emoji", name: "white_check_mark" },
          { type: "link", url: "https://site.example/x", text: "order", style: { italic: true } },
        ] }] }],
      });
      expect(list).toContain("<li><strong>#60</strong> due <span");
      expect(list).toContain("✅");
      expect(list).toMatch(/<em><a [^>]*>order<\/a><\/em>/);
    });

    it("keeps hostile labels text", async () => {
      const html = await render("• <https://site.example/x|&lt;img src=x onerror=alert(1)&gt; *bold*> <javascript:alert(1)|*click*>");
      expect(html).not.toMatch(/<img|<script|href="javascript/);
      expect(html).toContain("&lt;img src=x onerror=alert(1)&gt; <strong>bold</strong>");
      expect(html).toContain("<strong>click</strong>");
    });
  });
}
