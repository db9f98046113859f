/** The stand-in's page API (src/sandbox/slack/page/routes.ts): JSON calls and the change stream. */

const BASE = "/page/api";
const OFFLINE = "The sandbox isn't answering. Is `npm run sandbox` still running?";

async function call(method, path, body) {
  let res;
  try {
    res = await fetch(`${BASE}${path}`, {
      method,
      headers: body === undefined ? {} : { "Content-Type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  } catch {
    return { ok: false, error: "offline", message: OFFLINE };
  }
  try {
    return await res.json();
  } catch {
    return { ok: false, error: "bad_response", message: `The Slack stand-in answered HTTP ${res.status}.` };
  }
}

export const api = {
  get: (path) => call("GET", path),
  post: (path, body = {}) => call("POST", path, body),
};

/** Workspace changes for one person; returns a function that stops listening. */
export function subscribe(user, { onChange, onOpen, onError }) {
  const source = new EventSource(`${BASE}/events?user=${encodeURIComponent(user)}`);
  source.addEventListener("message", (e) => {
    try {
      onChange(JSON.parse(e.data));
    } catch {
      // A line this page can't read: skip it; the next change refreshes everything it shows.
    }
  });
  source.addEventListener("open", onOpen);
  source.addEventListener("error", onError);
  return () => source.close();
}
