import { required, SlackApiError, type MethodHandler } from "../api-context.ts";
import { APP_ID, BOT, TEAM, type SlackUser } from "../workspace.ts";

/** auth.test, users.info, bots.info and team.info: who is who in the stand-in's workspace. */
const authTest: MethodHandler = (_params, ctx) => ({
  url: ctx.baseUrl,
  team: TEAM.name,
  user: BOT.name,
  team_id: TEAM.id,
  user_id: BOT.userId,
  bot_id: BOT.botId,
  is_enterprise_install: false,
});

export function userObject(u: SlackUser): Record<string, unknown> {
  const [first, ...last] = u.real_name.split(" ");
  return {
    id: u.id, team_id: TEAM.id, name: u.name, deleted: false, color: "9f69e7", real_name: u.real_name,
    tz: u.tz, tz_label: u.tz, tz_offset: 0,
    profile: {
      real_name: u.real_name, real_name_normalized: u.real_name, display_name: u.name.split(".")[0] ?? u.name,
      display_name_normalized: u.name, first_name: first ?? "", last_name: last.join(" "), team: TEAM.id,
      ...(u.email ? { email: u.email } : {}),
      ...(u.is_bot ? { bot_id: BOT.botId, api_app_id: APP_ID, always_active: true } : {}),
      image_48: "", image_72: "",
    },
    is_admin: u.is_admin, is_owner: u.is_admin, is_primary_owner: false, is_restricted: false,
    is_ultra_restricted: false, is_bot: u.is_bot, is_app_user: false, updated: 1_700_000_000,
  };
}

const usersInfo: MethodHandler = (params, ctx) => {
  const user = ctx.state.userRef(required(params, "user", "user_not_found"));
  if (!user) throw new SlackApiError("user_not_found");
  return { user: userObject(user) };
};

const botsInfo: MethodHandler = () => ({
  bot: { id: BOT.botId, deleted: false, name: BOT.realName, updated: 1_700_000_000, app_id: APP_ID, user_id: BOT.userId, icons: {} },
});

const teamInfo: MethodHandler = (_params, ctx) => ({
  team: { id: TEAM.id, name: TEAM.name, domain: TEAM.domain, url: ctx.baseUrl, email_domain: "", icon: {} },
});

export const identityMethods: Record<string, MethodHandler> = {
  "auth.test": authTest,
  "users.info": usersInfo,
  "bots.info": botsInfo,
  "team.info": teamInfo,
};
