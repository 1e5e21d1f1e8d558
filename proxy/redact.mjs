// What of a server's text may be quoted: its reasons and errors reach the
// model (in `available_sources`, in `tool_call`'s errors) and the logs. A
// server's `Redactor` leaves out the values the host passed it (secrets.mjs)
// and the credentials of any URL (user, password, query values), in time
// linear in the text: plain string search and one pass over each URL, no
// pattern that backtracks. A reason is cut to MAX_REASON_CHARS first: no
// more of it is read than that, and what it cuts says so.

/** The longest reason or error quoted of a server (about 500 tokens). */
export const MAX_REASON_CHARS = 2_000;
/** What stands for what was left out. */
const MASK = "***";
/** Room kept at the end of a cut reason for the note that it was cut. */
const CUT_NOTE_CHARS = 40;
/**
 * The text read on either side of a part that is quoted, so that a secret
 * or a URL that its edges cut is still found (at least the longest secret).
 */
const CONTEXT_CHARS = 2_048;

/** A part of a text, `[start, end)`. @typedef {[number, number]} Span */
/** The next span of a source of spans to leave out, in order; null once there is none. @typedef {() => Span | null} Spans */

export class Redactor {
  /** @type {string[]} */
  #secrets;
  /** @type {number} */
  #context;

  /**
   * @param {string[]} [secrets] the values to leave out (secrets.mjs says which)
   */
  constructor(secrets = []) {
    this.#secrets = secrets.filter((secret) => secret.length > 0);
    this.#context = this.#secrets.reduce((longest, secret) => Math.max(longest, secret.length), CONTEXT_CHARS);
  }

  /**
   * `text` as a reason may quote it: its first `max` characters at most,
   * secrets and URL credentials left out, and a note when it was cut.
   * @param {string} text
   * @param {number} [max]
   * @returns {string}
   */
  reason(text, max = MAX_REASON_CHARS) {
    const cleaned = this.#clean(text, 0, Math.min(text.length, max), true);
    if (text.length <= max && cleaned.length <= max) return cleaned;
    return `${cleaned.slice(0, Math.max(0, max - CUT_NOTE_CHARS))}… (cut; ${text.length} characters in all)`;
  }

  /**
   * The last `chars` characters of `text` or fewer, from the start of a word
   * when it is cut, secrets and URL credentials left out.
   * @param {string} text
   * @param {number} chars
   * @returns {string}
   */
  tail(text, chars) {
    const from = wordStart(text, Math.max(0, text.length - chars));
    return `${from > 0 ? "…" : ""}${this.#clean(text, from, text.length, true)}`;
  }

  /**
   * `text` whole, secrets and URL credentials left out (a string of a
   * line of the event log: it is never cut).
   * @param {string} text
   * @returns {string}
   */
  whole(text) {
    return this.#clean(text, 0, text.length, true);
  }

  /**
   * `value` (a parsed JSON value: a tool's result) with the secrets left out
   * of each of its strings, whole (URLs stay as they are), in place.
   * @template T
   * @param {T} value
   * @returns {T}
   */
  scrub(value) {
    if (this.#secrets.length === 0 || value === null || typeof value !== "object") return value;
    /** @type {object[]} */
    const pending = [value];
    while (pending.length > 0) {
      const holder = /** @type {Record<string, unknown>} */ (pending.pop());
      for (const key of Object.keys(holder)) {
        const item = holder[key];
        if (typeof item === "string") holder[key] = this.#clean(item, 0, item.length, false);
        else if (item !== null && typeof item === "object") pending.push(item);
      }
    }
    return value;
  }

  /**
   * `text.slice(from, to)` with every secret (and, with `urls`, every URL
   * credential) that overlaps it left out; the text around it is read
   * (this.#context characters) to find those its edges cut.
   * @param {string} text
   * @param {number} from
   * @param {number} to
   * @param {boolean} urls
   * @returns {string}
   */
  #clean(text, from, to, urls) {
    const low = Math.max(0, from - this.#context);
    const high = Math.min(text.length, to + this.#context);
    const view = low === 0 && high === text.length ? text : text.slice(low, high);
    const sources = this.#secrets.map((secret) => occurrences(view, secret));
    if (urls) sources.push(spansOf(urlCredentials(view, high < text.length)));
    return masked(view, from - low, to - low, sources);
  }
}

/**
 * What a thrown value says: its `message` when it has one, else the value
 * itself (as `${error?.message ?? error}` reads it).
 * @param {unknown} error
 * @returns {string}
 */
export function errorText(error) {
  const message = error !== null && typeof error === "object" && "message" in error ? error.message : undefined;
  return String(message ?? error);
}

/**
 * `text.slice(from, to)` with the spans of `sources` (each in order) that
 * overlap it replaced by MASK, one for each run of overlapping spans.
 * @param {string} text
 * @param {number} from
 * @param {number} to
 * @param {Spans[]} sources
 * @returns {string}
 */
function masked(text, from, to, sources) {
  const heads = sources.map((next) => next());
  /** @type {string[]} */
  const parts = [];
  let at = from;
  for (;;) {
    // The first span that ends past what is written.
    let first = -1;
    for (let i = 0; i < heads.length; i++) {
      let head = heads[i];
      while (head !== null && head[1] <= at) head = heads[i] = sources[i]();
      if (head !== null && (first === -1 || head[0] < /** @type {Span} */ (heads[first])[0])) first = i;
    }
    const span = first === -1 ? null : heads[first];
    if (span === null || span[0] >= to) break;
    const start = Math.max(at, span[0]);
    // It and every span that overlaps it, or them, are one.
    let end = span[1];
    for (let grew = true; grew; ) {
      grew = false;
      for (let i = 0; i < heads.length; i++) {
        for (let head = heads[i]; head !== null && head[0] <= end; head = heads[i] = sources[i]()) {
          if (head[1] > end) {
            end = head[1];
            grew = true;
          }
        }
      }
    }
    parts.push(text.slice(at, start), MASK);
    at = end;
  }
  if (at < to) parts.push(text.slice(at, to));
  return parts.join("");
}

/**
 * The occurrences of `secret` in `text`, overlapping ones too, in order.
 * @param {string} text
 * @param {string} secret
 * @returns {Spans}
 */
function occurrences(text, secret) {
  let from = 0;
  return () => {
    const at = text.indexOf(secret, from);
    from = at === -1 ? Infinity : at + 1;
    return at === -1 ? null : [at, at + secret.length];
  };
}

/**
 * A generator's spans as a source of spans.
 * @param {Generator<Span>} spans
 * @returns {Spans}
 */
const spansOf = (spans) => () => spans.next().value ?? null;

/** Where a URL's text ends: a space or a control, a quote, an angle bracket, a backtick, a backslash (a URL quoted in JSON). */
const URL_ENDS = new Set([..."\"'<>`\\\x7f"].map((c) => c.charCodeAt(0)));
const [AT, SLASH, QUESTION, HASH, AMPERSAND, EQUALS, COLON] = [..."@/?#&=:"].map((c) => c.charCodeAt(0));

/**
 * The credentials of the URLs in `text` (each `://` starts one), in order:
 * each one's user and password, the values of its query (a part without
 * `=` whole), and the values of its fragment's `name=value` pairs. An
 * authority that the end of `text` cuts (`cut`: more follows) is left out
 * whole, since its `@` may lie past the end. One pass over each URL, a URL
 * in another's path included.
 * @param {string} text
 * @param {boolean} cut
 * @returns {Generator<Span>}
 */
function* urlCredentials(text, cut) {
  for (let found = text.indexOf("://"); found !== -1; ) {
    let i = found + 3;
    /** Which part of the URL `i` is in. @type {"authority" | "path" | "query" | "fragment"} */
    let part = "authority";
    // Where the part (or the query's pair) began, and its last `@` (authority) or first `=` (pair).
    let start = i;
    let mark = -1;
    for (; i < text.length; i++) {
      const code = text.charCodeAt(i);
      if (code <= 0x20 || URL_ENDS.has(code)) break;
      if (part === "authority") {
        if (code === AT) mark = i;
        else if (code === SLASH || code === QUESTION || code === HASH) {
          if (mark > start) yield [start, mark];
          part = code === SLASH ? "path" : code === QUESTION ? "query" : "fragment";
          [start, mark] = [i + 1, -1];
        }
      } else if (part === "path") {
        if (code === QUESTION || code === HASH) {
          part = code === QUESTION ? "query" : "fragment";
          [start, mark] = [i + 1, -1];
        } else if (code === COLON && text.startsWith("//", i + 1)) {
          part = "authority";
          i += 2;
          [start, mark] = [i + 1, -1];
        }
      } else if (code === EQUALS) {
        if (mark === -1) mark = i;
      } else if (code === AMPERSAND || (code === HASH && part === "query")) {
        const value = pairValue(start, mark, i, part);
        if (value !== null) yield value;
        if (code === HASH) part = "fragment";
        [start, mark] = [i + 1, -1];
      }
    }
    if (part === "authority") {
      if (mark > start) yield [start, mark];
      else if (cut && i === text.length && i > start) yield [start, i];
    } else if (part !== "path") {
      const value = pairValue(start, mark, i, part);
      if (value !== null) yield value;
    }
    found = text.indexOf("://", i);
  }
}

/**
 * The span of a query's or fragment's pair `[start, end)` to leave out: its
 * value after `=` (at `equals`); a query's pair without `=` whole; none when empty.
 * @param {number} start
 * @param {number} equals
 * @param {number} end
 * @param {"query" | "fragment"} part
 * @returns {Span | null}
 */
function pairValue(start, equals, end, part) {
  if (equals !== -1) return equals + 1 < end ? [equals + 1, end] : null;
  return part === "query" && start < end ? [start, end] : null;
}

/** The furthest a cut moves to reach the start of a word. */
const WORD_CHARS = 40;

/**
 * `at`, or the start of the next word when `at` falls inside one and a word
 * starts within WORD_CHARS characters: a text quoted from there reads
 * whole words.
 * @param {string} text
 * @param {number} at
 * @returns {number}
 */
export function wordStart(text, at) {
  if (at === 0 || /\s/.test(text[at - 1] ?? "")) return at;
  const end = Math.min(text.length, at + WORD_CHARS);
  for (let i = at; i < end; i++) if (/\s/.test(text[i])) return i + 1;
  return at;
}
