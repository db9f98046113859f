import { describe, expect, it } from "vitest";
import { createInstallation } from "../../src/slack/installation.ts";
import { workspaceKey } from "../../src/slack/context.ts";

describe("the installation's workspace key (issue 15 item 1)", () => {
  it("is the team of a workspace install and the organisation of an org-wide one, from auth.test", () => {
    const workspace = createInstallation();
    expect(workspace.id).toBeUndefined();
    workspace.learn({ team_id: "T0DOCKET", is_enterprise_install: false });
    expect(workspace.id).toBe("T0DOCKET");
    const org = createInstallation();
    org.learn({ team_id: "T0DOCKET", enterprise_id: "E0FIRM", is_enterprise_install: true });
    expect(org.id).toBe("E0FIRM");
  });

  it("wins over whatever team a payload names (a Slack Connect user's, or null for org-wide)", () => {
    const installation = createInstallation();
    installation.learn({ team_id: "T0DOCKET" });
    expect(workspaceKey({ installation }, "T0PARTNER")).toBe("T0DOCKET");
    expect(workspaceKey({ installation }, null)).toBe("T0DOCKET");
    // Unit tests that build deps by hand have no installation: the payload's team is used.
    expect(workspaceKey({}, "T0PARTNER")).toBe("T0PARTNER");
    expect(workspaceKey({}, undefined)).toBe("");
  });
});
