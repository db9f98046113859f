/**
 * The Docket Data Service's wire format as zod schemas; each schema and its type share a name
 * (DEVELOPERS.md, Style). Lenient building blocks live in ./primitives.ts.
 */
export * from "./primitives.ts";
export * from "./error.ts";
export * from "./login.ts";
export * from "./docket.ts";
export * from "./search.ts";
export * from "./ask.ts";
export * from "./track.ts";
export * from "./push.ts";
