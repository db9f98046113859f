/** Push intake is written once, in ../areas/pushes.ts; this path is kept for the tests that hash bodies. */
export { sha256Hex } from "../areas/pushes.ts";
