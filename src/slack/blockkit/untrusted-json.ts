/**
 * Button values and modal private_metadata come back from Slack's clients: untrusted input, even
 * though we wrote them. Every decoder starts here, so none can forget the length cap or choke on
 * something that is not a plain JSON object.
 */
export function parseUntrustedObject(raw: unknown, maxLength: number): Record<string, unknown> | undefined {
  if (typeof raw !== "string" || raw.length > maxLength || !raw.startsWith("{")) return undefined;
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return undefined;
  }
  return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : undefined;
}
