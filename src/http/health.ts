/**
 * Health of the process for load balancers and the Docker HEALTHCHECK: each component registers a
 * named check; /healthz answers 200 only when every check passes, with the detail as JSON.
 */
export interface HealthCheckResult {
  ok: boolean;
  detail?: string | undefined;
}

export type HealthCheck = () => Promise<HealthCheckResult> | HealthCheckResult;

export interface HealthReport {
  status: "ok" | "failing";
  uptimeS: number;
  checks: Record<string, HealthCheckResult>;
}

/** Runs every check at once; a check that throws or takes longer than `timeoutMs` fails. */
export async function runHealthChecks(
  checks: Readonly<Record<string, HealthCheck>>,
  startedAt: number,
  now: number,
  timeoutMs = 2000,
): Promise<HealthReport> {
  const entries = await Promise.all(
    Object.entries(checks).map(async ([name, check]): Promise<[string, HealthCheckResult]> => {
      let timer: NodeJS.Timeout | undefined;
      try {
        const timeout = new Promise<HealthCheckResult>((resolve) => {
          timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${timeoutMs} ms` }), timeoutMs);
        });
        return [name, await Promise.race([Promise.resolve(check()), timeout])];
      } catch (e) {
        return [name, { ok: false, detail: e instanceof Error ? e.message : String(e) }];
      } finally {
        clearTimeout(timer);
      }
    }),
  );
  const results = Object.fromEntries(entries);
  return {
    status: entries.every(([, r]) => r.ok) ? "ok" : "failing",
    uptimeS: Math.round((now - startedAt) / 1000),
    checks: results,
  };
}
