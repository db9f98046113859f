/**
 * The one way this page builds DOM: elements, attributes and text nodes, never HTML strings. Every
 * string a child may be ends up as a text node, so untrusted text (docket entries, AI answers,
 * messages) cannot become markup. Links and image sources go through safeUrl first.
 */

/** Properties set directly (rather than as attributes). */
const PROPS = new Set(["value", "checked", "disabled", "hidden", "selected", "multiple", "tabIndex", "open"]);

/**
 * h("button", { class: "btn", onclick: fn, "aria-label": "Close" }, "×")
 * Children: strings (as text), nodes, arrays of them; null, undefined and false are skipped.
 */
export function h(tag, props = {}, ...children) {
  const el = document.createElement(tag);
  for (const [key, value] of Object.entries(props ?? {})) {
    if (value === undefined || value === null || value === false) continue;
    if (key === "class") el.className = Array.isArray(value) ? value.filter(Boolean).join(" ") : String(value);
    else if (key === "dataset") Object.assign(el.dataset, value);
    else if (key.startsWith("on") && typeof value === "function") el.addEventListener(key.slice(2), value);
    else if (key === "text") el.textContent = String(value);
    else if (PROPS.has(key)) el[key] = value;
    else if (key === "href" || key === "src") throw new Error(`use link() or image() for ${key}`);
    else el.setAttribute(key, value === true ? "" : String(value));
  }
  append(el, children);
  return el;
}

export function append(parent, children) {
  for (const child of children.flat(Infinity)) {
    if (child === null || child === undefined || child === false) continue;
    parent.append(child instanceof Node ? child : document.createTextNode(String(child)));
  }
  return parent;
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

export function fragment(...children) {
  return append(document.createDocumentFragment(), children);
}

/** The URL if it is one a person may follow from Slack (http, https, mailto), else undefined. */
export function safeUrl(raw, { allowMailto = true } = {}) {
  if (typeof raw !== "string" || raw.trim() === "") return undefined;
  let url;
  try {
    url = new URL(raw.trim(), window.location.href);
  } catch {
    return undefined;
  }
  const ok = url.protocol === "http:" || url.protocol === "https:" || (allowMailto && url.protocol === "mailto:");
  return ok ? url.href : undefined;
}

/** A link that opens in a new tab; the children alone when the URL is not safe to follow. */
export function link(url, children, props = {}) {
  const href = safeUrl(url);
  if (!href) return fragment(children);
  const a = h("a", { target: "_blank", rel: "noopener noreferrer", ...props }, children);
  a.href = href;
  return a;
}

/** An image from an http(s) URL (or this page); nothing when the URL is not one. */
export function image(url, props = {}) {
  const src = safeUrl(url, { allowMailto: false });
  if (!src) return null;
  const img = h("img", { loading: "lazy", referrerpolicy: "no-referrer", ...props });
  img.src = src;
  return img;
}

/** A download link to this page's own file route. */
export function download(path, children, props = {}) {
  const a = h("a", { download: "", ...props }, children);
  a.href = path;
  return a;
}
