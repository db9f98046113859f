/**
 * What the user typed, quoted back in a one-line explanation: formatting and link characters
 * dropped (so a quote cannot mention, link or format), at most 40 characters. Pure.
 */
export function clip(s: string): string {
  const t = s.replace(/[`*_~<>]/g, "");
  return t.length > 40 ? `${t.slice(0, 39)}…` : t;
}
