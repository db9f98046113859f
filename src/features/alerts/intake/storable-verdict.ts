/**
 * A verdict as intake hands it to the store: the body to store beside what the parse found. The
 * body is the verdict's text, or that text's UTF-8 bytes when the parse worker made it: bytes are
 * transferred back from the worker where a 13 MB string would be copied onto the event loop (~25
 * ms of it, measured), and the store takes them as they are (store/areas/push-bodies.ts).
 */
import { isRefusal, type PushRefusal, type PushVerdict } from "./interpret.ts";

type WithBody<V> = V extends { text: string } ? Omit<V, "text"> & { body: string | Uint8Array } : never;
export type StorableVerdict = WithBody<PushVerdict>;
export type Interpretation = StorableVerdict | PushRefusal;

/** The verdict with its text (or `bytes`, that text's UTF-8) as the body to store; a refusal as it is. */
export function storable(v: PushVerdict | PushRefusal, bytes?: Uint8Array): Interpretation {
  if (isRefusal(v)) return v;
  const { text, ...rest } = v;
  return { ...rest, body: bytes ?? text };
}
