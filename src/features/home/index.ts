/**
 * App Home (issue 4, "Shortcuts, unfurls, Home"): the user's recent cases and their channels'
 * matters, then every section features registered (slack/home-sections.ts), in order.
 */
export { HOME_FAST_MS, registerHome } from "./publish-home.ts";
export type { HomeDeps, HomeStore } from "./deps.ts";
