/** The one error loadConfig throws: every problem at once, each a sentence naming its fix. */
export interface ConfigProblem {
  readonly variable: string;
  readonly kind: "missing" | "invalid";
  /** One sentence naming the variable, what is expected and where to find it. Never a secret. */
  readonly message: string;
}

export class ConfigError extends Error {
  readonly code = "CONFIG_INVALID" as const;
  readonly problems: readonly ConfigProblem[];
  constructor(problems: readonly ConfigProblem[]) {
    const n = problems.length;
    super(
      `docketbot cannot start: ${n} configuration problem${n === 1 ? "" : "s"}:\n` +
        problems.map((p) => `  - ${p.message}`).join("\n"),
    );
    this.name = "ConfigError";
    this.problems = problems;
  }
}
