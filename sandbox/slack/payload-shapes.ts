import type { WorkspaceState } from "./state.ts";
import { BOT, ENTERPRISE, PARTNER_TEAM, TEAM } from "./workspace.ts";

/**
 * Where Slack puts team and enterprise ids depends on who acts and how the app is installed, and
 * the app must not mistake the payload's team for its own (issue 15 item 1). Three shapes, each
 * field as Slack's recordings and reference pages have it (test/fixtures/slack/README.md lists
 * them):
 * - "plain": a person of our workspace, app installed on the workspace.
 * - "connect": a Slack Connect channel (docs.slack.dev/apis/slack-connect): the event wrapper's
 *   `team_id`, the inner event's `team`, an interaction's `team` and `user.team_id` and a command's
 *   `team_id` name the ACTING user's workspace; ours is in `authorizations` and `context_team_id`,
 *   and `is_ext_shared_channel` is true (bolt-python tests/scenario_tests/test_events_shared_channels.py:
 *   team_id T_SOURCE, authorizations T_INSTALLED); a view names the installing team in
 *   `app_installed_team_id`.
 * - "org": an org-wide install on Enterprise Grid (docs.slack.dev/enterprise-grid): enterprise ids
 *   beside the team, authorizations with `team_id: null` and `is_enterprise_install: true`
 *   (bolt-python tests/scenario_tests/test_events_org_apps.py), and `team: null` in view
 *   submissions and global shortcuts (docs.slack.dev/reference/interaction-payloads/view-interactions-payload:
 *   "Null if the app is org-installed"; bolt-js src/types/shortcuts/global-shortcut.ts).
 */
export type PayloadShape = "plain" | "connect" | "org";

export type InteractionKind = "block_actions" | "view_submission" | "message_action" | "shortcut";

interface TeamRef {
  id: string;
  domain: string;
}

/** The workspace a person belongs to: a partner's for a Slack Connect partner, else ours. */
export function homeTeam(state: WorkspaceState, userId: string | undefined): TeamRef {
  const teamId = (userId && state.userRef(userId)?.team_id) || TEAM.id;
  return teamId === PARTNER_TEAM.id ? { id: PARTNER_TEAM.id, domain: PARTNER_TEAM.domain } : { id: TEAM.id, domain: TEAM.domain };
}

/** The team fields of an Events API wrapper (https://docs.slack.dev/apis/events-api/#callback-field). */
export function envelopeTeamFields(shape: PayloadShape, acting: TeamRef): Record<string, unknown> {
  const ours = { enterprise_id: null, team_id: TEAM.id, user_id: BOT.userId, is_bot: true, is_enterprise_install: false };
  switch (shape) {
    case "connect":
      return { team_id: acting.id, context_team_id: TEAM.id, context_enterprise_id: null, authorizations: [ours], is_ext_shared_channel: true };
    case "org":
      return {
        team_id: TEAM.id, enterprise_id: ENTERPRISE.id, context_team_id: TEAM.id, context_enterprise_id: ENTERPRISE.id,
        authorizations: [{ ...ours, enterprise_id: ENTERPRISE.id, team_id: null, is_enterprise_install: true }],
        is_ext_shared_channel: false,
      };
    default:
      return { team_id: TEAM.id, context_team_id: TEAM.id, context_enterprise_id: null, authorizations: [ours], is_ext_shared_channel: false };
  }
}

/** `team`, `enterprise` and `is_enterprise_install` of an interaction payload, and the user's `team_id`. */
export function interactionTeamFields(shape: PayloadShape, kind: InteractionKind, acting: TeamRef): {
  fields: Record<string, unknown>;
  userTeamId: string;
} {
  if (shape === "org") {
    const team = kind === "view_submission" || kind === "shortcut"
      ? null
      : { id: TEAM.id, domain: TEAM.domain, enterprise_id: ENTERPRISE.id, enterprise_name: ENTERPRISE.name };
    return {
      fields: { team, enterprise: { id: ENTERPRISE.id, name: ENTERPRISE.name }, is_enterprise_install: true },
      // "user.team_id will report an enterprise organization ID" (block_suggestion payload reference).
      userTeamId: ENTERPRISE.id,
    };
  }
  const team = shape === "connect" ? acting : { id: TEAM.id, domain: TEAM.domain };
  return { fields: { team: { id: team.id, domain: team.domain }, enterprise: null, is_enterprise_install: false }, userTeamId: team.id };
}

/** A slash command's team fields (https://docs.slack.dev/interactivity/implementing-slash-commands). */
export function commandTeamFields(shape: PayloadShape, acting: TeamRef): Record<string, string> {
  if (shape === "org") {
    return { team_id: TEAM.id, team_domain: TEAM.domain, enterprise_id: ENTERPRISE.id, enterprise_name: ENTERPRISE.name, is_enterprise_install: "true" };
  }
  const team = shape === "connect" ? acting : { id: TEAM.id, domain: TEAM.domain };
  return { team_id: team.id, team_domain: team.domain, is_enterprise_install: "false" };
}
