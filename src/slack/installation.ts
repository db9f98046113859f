/**
 * The workspace (or Enterprise Grid organisation) docketbot is installed in: the one key its
 * stored rows (matter links, Q&A threads, case threads) are filed under.
 *
 * Payloads name a team, but not always ours (issue 15 item 1): in a Slack Connect channel an
 * event wrapper's `team_id` and a view submission's `team` are the ACTING USER's workspace (ours
 * is in `authorizations` / `context_team_id`), and org-wide installs send `team: null`
 * (docs.slack.dev/apis/slack-connect, docs.slack.dev/enterprise-grid). Keying on those silently
 * lost the matter of a shared channel. Channel ids are unique across Slack, so one installation
 * key plus the channel identifies a conversation; the key is learned from auth.test at start.
 */
export interface Installation {
  /** The installation's team id (the org's enterprise id for an org-wide install); undefined before start. */
  readonly id: string | undefined;
}

export interface LearnedInstallation extends Installation {
  /** Records auth.test's answer (Slack Web API, auth.test: team_id, enterprise_id, is_enterprise_install). */
  learn(auth: { team_id?: string | undefined; enterprise_id?: string | undefined; is_enterprise_install?: boolean | undefined }): void;
}

export function createInstallation(): LearnedInstallation {
  let id: string | undefined;
  return {
    get id() {
      return id;
    },
    learn(auth) {
      const key = auth.is_enterprise_install ? auth.enterprise_id : auth.team_id;
      if (typeof key === "string" && key !== "") id = key;
    },
  };
}
