/** The push webhook the service calls: its path, its basic-auth pairs (two while rotating), its body limit. */
import { z } from "zod";
import { mark, wholeNumber, type CheckContext, type ParsedOf, type Settings } from "./setting.ts";

const MB = 1024 * 1024;

const pushUser = z.string().refine((v) => !v.includes(":"), { error: "contains ':'" });

const pushPath = z
  .string()
  .regex(/^\/[^\s?#]*$/, { error: "does not start with / or contains spaces, ? or #" })
  .refine((p) => !/^\/(slack\/events|healthz)\/?$/.test(p), { error: "collides with a route docketbot already serves" });

export const PUSH_SETTINGS = {
  PUSH_PATH: { hint: "the path of the push URL you gave the service; it starts with / and has no spaces, ? or # (default /docket/push)", schema: pushPath.default("/docket/push"), echo: true },
  PUSH_USERNAME: {
    hint: "the basic-auth user in the push URL you gave the service (https://USER:PASSWORD@your-host/docket/push), without ':'; set PUSH_USERNAME and PUSH_PASSWORD together, or neither to turn pushes off",
    schema: pushUser.optional(),
  },
  PUSH_PASSWORD: {
    hint: "the basic-auth password in the push URL you gave the service (https://USER:PASSWORD@your-host/docket/push); set PUSH_USERNAME and PUSH_PASSWORD together, or neither to turn pushes off",
    schema: z.string().optional(),
  },
  PUSH_USERNAME_2: { hint: "optional second push user accepted while rotating credentials, without ':'; set it together with PUSH_PASSWORD_2", schema: pushUser.optional() },
  PUSH_PASSWORD_2: { hint: "optional second push password accepted while rotating credentials; set it together with PUSH_USERNAME_2", schema: z.string().optional() },
  PUSH_MAX_BODY_BYTES: {
    hint: "the largest push body accepted, a whole number of bytes from 1024 to 1073741824 (default 10485760, 10 MB)",
    schema: wholeNumber(1024, 1024 * MB).default(10 * MB),
    echo: true,
  },
} as const satisfies Settings;

export interface PushCredential {
  readonly username: string;
  readonly password: string;
}

export interface PushConfig {
  readonly enabled: boolean;
  readonly path: string;
  /** Accepted basic-auth pairs; the second exists only while rotating. Empty when disabled. */
  readonly credentials: readonly PushCredential[];
  readonly maxBodyBytes: number;
}

/** Any push credential set turns pushes on. */
export function pushOn(input: CheckContext<typeof PUSH_SETTINGS>["input"]): boolean {
  return Boolean(input.PUSH_USERNAME || input.PUSH_PASSWORD || input.PUSH_USERNAME_2 || input.PUSH_PASSWORD_2);
}

/** Users and passwords come in pairs; the first pair is required once pushes are on. */
export function checkPush(c: CheckContext<typeof PUSH_SETTINGS>): void {
  if (pushOn(c.input)) {
    for (const name of ["PUSH_USERNAME", "PUSH_PASSWORD"] as const) if (!c.input[name]) c.report(name);
  }
  if (Boolean(c.input.PUSH_USERNAME_2) !== Boolean(c.input.PUSH_PASSWORD_2)) {
    c.report(c.input.PUSH_USERNAME_2 ? "PUSH_PASSWORD_2" : "PUSH_USERNAME_2");
  }
}

export function pushConfig(e: ParsedOf<typeof PUSH_SETTINGS>, enabled: boolean): PushConfig {
  const credentials: PushCredential[] = [];
  if (enabled && e.PUSH_USERNAME && e.PUSH_PASSWORD) credentials.push({ username: e.PUSH_USERNAME, password: e.PUSH_PASSWORD });
  if (enabled && e.PUSH_USERNAME_2 && e.PUSH_PASSWORD_2) credentials.push({ username: e.PUSH_USERNAME_2, password: e.PUSH_PASSWORD_2 });
  return { enabled, path: e.PUSH_PATH, credentials, maxBodyBytes: e.PUSH_MAX_BODY_BYTES };
}

export function describePush(push: PushConfig) {
  return {
    enabled: push.enabled,
    path: push.path,
    credentials: push.credentials.map((c) => ({ username: mark(c.username), password: mark(c.password) })),
    maxBodyBytes: push.maxBodyBytes,
  };
}

export function pushSecrets(push: PushConfig): string[] {
  return push.credentials.map((c) => c.password);
}
