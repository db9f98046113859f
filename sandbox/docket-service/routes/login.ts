import type { Router } from "express";
import type { ServiceContext } from "../context.ts";
import { guard, one, sendJson, type Params } from "../http.ts";

/**
 * POST {base_url}login/ (spec Authentication): form fields username and password. Not a call:
 * nothing is recorded in the ledger. Wrong credentials answer HTTP 200 with success:false, like the
 * service's other application errors.
 */
export function loginRoutes(router: Router, ctx: ServiceContext): void {
  router.post("/login/", guard(ctx, "login", { auth: false }), (_req, res) => {
    const p = res.locals.params as Params;
    const username = one(p, "username");
    const password = one(p, "password");
    if (!username || password === undefined) {
      return sendJson(res, 200, { success: false, error: "username and password are required" });
    }
    const token = ctx.sessions.login(username, password);
    if (!token) return sendJson(res, 200, { success: false, error: "Invalid username or password" });
    sendJson(res, 200, { success: true, login_token: token });
  });
}
