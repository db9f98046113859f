import { describe, expect, it } from "vitest";
import { renderCaseFileNote } from "../../../../src/features/calendar/views/case-file.ts";
import { expectValidMessage } from "../../../helpers/blockkit.ts";
import { expectGoldens } from "../../../helpers/golden.ts";

const SITE = "https://dockets.example.com/";

describe("the note above a case's .ics", () => {
  it("names the case and how many dates the file holds", async () => {
    const m = renderCaseFileNote({ target: { court: "New York Southern District Court", docket: "1:23-cv-01234", title: "Acme v. Widget" }, dates: 3, cancelled: 1, siteUrl: SITE });
    expectValidMessage(m);
    await expectGoldens(m, "./__goldens__/case-file");
  });

  it("keeps a hostile case title as text", () => {
    const m = renderCaseFileNote({ target: { court: "nysd", docket: "1:23-cv-01234", title: "<!channel> *bold* <@U1> <https://evil.example|click>" }, dates: 1, cancelled: 0, siteUrl: SITE });
    expectValidMessage(m);
    expect(JSON.stringify(m)).not.toMatch(/<!channel>|<@U1>|evil\.example\|/);
  });
});
