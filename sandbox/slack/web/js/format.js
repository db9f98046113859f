/** Small formatting helpers: emoji codes, times in a person's time zone, Slack's date tokens, sizes. */

const EMOJI = {
  hourglass_flowing_sand: "⏳", hourglass: "⌛", speech_balloon: "💬", warning: "⚠️", page_facing_up: "📄",
  lock: "🔒", new: "🆕", white_check_mark: "✅", heavy_check_mark: "✔️", x: "❌", mag: "🔍", mag_right: "🔎",
  bell: "🔔", no_bell: "🔕", calendar: "📆", date: "📅", spiral_calendar_pad: "🗓️", scales: "⚖️", memo: "📝",
  link: "🔗", eyes: "👀", tada: "🎉", thumbsup: "👍", "+1": "👍", information_source: "ℹ️", rotating_light: "🚨",
  inbox_tray: "📥", outbox_tray: "📤", paperclip: "📎", bookmark_tabs: "📑", file_folder: "📁", open_file_folder: "📂",
  books: "📚", zap: "⚡", star: "⭐", red_circle: "🔴", large_green_circle: "🟢", large_yellow_circle: "🟡",
  large_blue_circle: "🔵", arrow_right: "➡️", arrow_left: "⬅️", arrows_counterclockwise: "🔄", pushpin: "📌",
  bulb: "💡", robot_face: "🤖", moneybag: "💰", heavy_dollar_sign: "💲", money_with_wings: "💸", no_entry: "⛔",
  no_entry_sign: "🚫", question: "❓", exclamation: "❗", grey_question: "❔", clock3: "🕒", stopwatch: "⏱️",
  receipt: "🧾", card_index_dividers: "🗂️", classical_building: "🏛️", bookmark: "🔖", hammer: "🔨",
  envelope: "✉️", email: "📧", sparkles: "✨", fire: "🔥", point_right: "👉", wave: "👋", raised_hands: "🙌",
  ok_hand: "👌", smile: "😄", slightly_smiling_face: "🙂", thinking_face: "🤔", construction: "🚧",
  repeat: "🔁", satellite_antenna: "📡", mailbox_with_mail: "📬", gear: "⚙️", key: "🔑", lock_with_ink_pen: "🔏",
  chart_with_upwards_trend: "📈", bar_chart: "📊", clipboard: "📋", pencil2: "✏️", black_small_square: "▪️",
  small_blue_diamond: "🔹", small_orange_diamond: "🔸", heavy_minus_sign: "➖", heavy_plus_sign: "➕",
  // Codes docketbot's own messages use (test/sandbox/slack/page-emoji.test.ts keeps this list whole).
  busts_in_silhouette: "👥", bust_in_silhouette: "👤", briefcase: "💼", pray: "🙏", raised_hand: "✋",
  calendar_spiral: "🗓️", alarm_clock: "⏰", heavy_check: "✔️", ballot_box_with_check: "☑️", mute: "🔇", loud_sound: "🔊",
  hourglass_done: "⌛", judge: "🧑‍⚖️", link_chain: "🔗", lock_key: "🔐", clipboard_list: "📋", telephone_receiver: "📞",
};

/** The emoji for a :code:, or undefined when this page does not know it (the code then shows as typed). */
export function emojiFor(name) {
  return Object.hasOwn(EMOJI, name) ? EMOJI[name] : undefined;
}

/** A Unicode emoji from rich_text's `unicode` field ("1f600" or "1f1fa-1f1f8"). */
export function emojiFromCodepoints(unicode) {
  if (typeof unicode !== "string" || !/^[0-9a-f]{2,6}(-[0-9a-f]{2,6})*$/i.test(unicode)) return undefined;
  try {
    return String.fromCodePoint(...unicode.split("-").map((h) => parseInt(h, 16)));
  } catch {
    return undefined;
  }
}

/** Slack escapes &, < and > in message text, and only those (docs.slack.dev, Formatting text: Escaping). */
export function decodeEntities(s) {
  return s.replace(/&(amp|lt|gt);/g, (_, e) => ({ amp: "&", lt: "<", gt: ">" })[e]);
}

const fmt = (tz, options) => {
  try {
    return new Intl.DateTimeFormat("en-US", { timeZone: tz, ...options });
  } catch {
    return new Intl.DateTimeFormat("en-US", options);
  }
};

/** "3:04 PM", from a message ts ("1700000000.000100"). */
export function formatTime(ts, tz) {
  return fmt(tz, { hour: "numeric", minute: "2-digit" }).format(new Date(Number(ts) * 1000));
}

/** "Nov 23, 2026 at 3:04:05 PM", for a title attribute. */
export function formatFull(ts, tz) {
  return fmt(tz, { dateStyle: "medium", timeStyle: "medium" }).format(new Date(Number(ts) * 1000));
}

function ordinal(n) {
  const s = ["th", "st", "nd", "rd"];
  const v = n % 100;
  return `${n}${s[(v - 20) % 10] ?? s[v] ?? s[0]}`;
}

function dayDelta(date, tz) {
  const day = (d) => fmt(tz, { year: "numeric", month: "2-digit", day: "2-digit" }).format(d);
  const today = new Date();
  for (const [delta, label] of [[0, "Today"], [-1, "Yesterday"], [1, "Tomorrow"]]) {
    if (day(new Date(today.getTime() + delta * 86_400_000)) === day(date)) return label;
  }
  return undefined;
}

/**
 * Slack's `<!date^1392734382^{date_short} at {time}|fallback>` tokens
 * (docs.slack.dev, Formatting text: Date formatting), in the reader's time zone.
 */
export function formatSlackDate(epochSeconds, template, tz) {
  const date = new Date(epochSeconds * 1000);
  if (Number.isNaN(date.getTime())) return undefined;
  const part = (options) => fmt(tz, options).format(date);
  const parts = () => Object.fromEntries(fmt(tz, { year: "numeric", month: "long", day: "numeric", weekday: "long" }).formatToParts(date).map((p) => [p.type, p.value]));
  const tokens = {
    date_num: () => part({ year: "numeric", month: "2-digit", day: "2-digit" }).replace(/(\d+)\/(\d+)\/(\d+)/, "$3-$1-$2"),
    date: () => { const p = parts(); return `${p.month} ${ordinal(Number(p.day))}, ${p.year}`; },
    date_short: () => part({ year: "numeric", month: "short", day: "numeric" }),
    date_long: () => { const p = parts(); return `${p.weekday}, ${p.month} ${ordinal(Number(p.day))}, ${p.year}`; },
    time: () => part({ hour: "numeric", minute: "2-digit" }),
    time_secs: () => part({ hour: "numeric", minute: "2-digit", second: "2-digit" }),
    ago: () => ago(date),
  };
  for (const kind of ["date", "date_short", "date_long"]) {
    tokens[`${kind}_pretty`] = () => dayDelta(date, tz) ?? tokens[kind]();
  }
  return template.replace(/\{([a-z_]+)\}/g, (whole, name) => (tokens[name] ? tokens[name]() : whole));
}

function ago(date) {
  const s = Math.round((Date.now() - date.getTime()) / 1000);
  const abs = Math.abs(s);
  const [n, unit] = abs < 60 ? [abs, "second"] : abs < 3600 ? [Math.round(abs / 60), "minute"] : abs < 86400 ? [Math.round(abs / 3600), "hour"] : [Math.round(abs / 86400), "day"];
  const label = `${n} ${unit}${n === 1 ? "" : "s"}`;
  return s >= 0 ? `${label} ago` : `in ${label}`;
}

export function fileSize(bytes) {
  if (!Number.isFinite(bytes)) return "";
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(bytes < 10 * 1024 ? 1 : 0)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

export function initials(name) {
  const words = String(name ?? "?").split(/[\s._-]+/).filter(Boolean);
  return (words.length > 1 ? words[0][0] + words[1][0] : (words[0] ?? "?").slice(0, 2)).toUpperCase();
}

/** A stable colour slot (0-7) for an avatar. */
export function colorSlot(id) {
  let n = 0;
  for (const ch of String(id)) n = (n * 31 + ch.charCodeAt(0)) >>> 0;
  return n % 8;
}
