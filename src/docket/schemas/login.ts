/** `login/` (spec: Endpoints, POST login/; Authentication). */
import { z } from "zod";

/**
 * A successful login. The token is opaque and valid 90 minutes; it is a secret: never log it
 * (DEVELOPERS.md, Style). An empty token is a failed login whatever `success` says.
 */
export const LoginResponse = z.looseObject({
  success: z.literal(true),
  login_token: z.string().min(1, "login_token must be a non-empty string"),
});
export type LoginResponse = z.infer<typeof LoginResponse>;
