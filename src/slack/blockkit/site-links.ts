/**
 * Links in what we post point only at the docket service's own site (DEVELOPERS.md, Style: "keep
 * only links to the service's own site"): an href from the service is resolved against the site
 * and kept only on the site's origin, then written so Slack cannot misread it.
 */

export interface SanitizeContext {
  /** The docket service's site (`{site_url}`); only links to its origin are kept. */
  readonly siteUrl: string;
}

/**
 * Invisible characters that can disguise text (a docket number or file name that displays as
 * something it is not, a word that search and readers see differently): C0/C1 controls but newline
 * and tab; bidi marks, overrides and isolates (U+061C, U+200E-F, U+202A-E, U+2066-9); and the
 * zero-width and invisible format characters (soft hyphen U+00AD, combining grapheme joiner
 * U+034F, U+180E, zero-width space/non-joiner/joiner U+200B-D, word joiner and invisible operators
 * U+2060-4, deprecated formats U+206A-F, the BOM U+FEFF, interlinear annotations U+FFF9-B).
 * Removed from everything the service sends, before we add our own joiner to defuse mentions.
 */
export const CONTROLS =
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u00AD\u034F\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF\uFFF9-\uFFFB]/g;

/** A link target Slack can carry inside `<…|…>`: no `|`, `<`, `>` or spaces, `&` escaped. */
export function slackUrl(href: string): string {
  return href.replace(/[|<>\s]/g, (ch) => encodeURIComponent(ch)).replaceAll("&", "&amp;");
}

const bare = (host: string) => host.toLowerCase().replace(/^www\./, "");

/**
 * `href` (absolute or site-relative, entities already decoded) resolved against the site, when it
 * is an http(s) URL on the site's origin (its `www.` twin included); otherwise undefined. So
 * `javascript:`, `data:`, protocol-relative `//evil.example` and `/\evil.example` all fail.
 */
export function siteHref(href: string, ctx: SanitizeContext): string | undefined {
  const site = parseSite(ctx.siteUrl);
  return site ? resolveOnSite(href, site) : undefined;
}

export function parseSite(siteUrl: string): URL | undefined {
  const site = URL.parse(siteUrl);
  return site && (site.protocol === "https:" || site.protocol === "http:") ? site : undefined;
}

export function resolveOnSite(href: string, site: URL): string | undefined {
  const clean = href.replace(CONTROLS, "").trim();
  if (clean === "" || clean.length > 2900) return undefined;
  const url = URL.parse(clean, site.href);
  if (!url || url.protocol !== site.protocol || url.username !== "" || url.password !== "") return undefined;
  if (url.port !== site.port || bare(url.hostname) !== bare(site.hostname)) return undefined;
  return url.href;
}

/** `<url|label>` when `href` is on the site, else the label alone. `label` is mrkdwn (escaped). */
export function siteLink(href: string | undefined, label: string, ctx: SanitizeContext): string {
  const clean = label.replace(/\|/g, "｜").replace(/\s+/g, " ").trim();
  const url = href === undefined ? undefined : siteHref(href, ctx);
  if (!url) return clean;
  return clean === "" ? `<${slackUrl(url)}>` : `<${slackUrl(url)}|${clean}>`;
}

