// The proxy's turns, for the search guard. An MCP client names no turn of
// its agent, so the proxy infers one: a turn is the bridge calls up to and
// including a call that runs a tool (tool_call, or a tool the client sees),
// and a pause of IDLE_MS without any call ends it too (the user reads,
// then asks something else). A model that searches and describes again and
// again without calling anything stays in one turn, which the guard bounds
// (`max_searches_per_turn`).

/** A pause this long between two calls ends the turn (2 minutes). */
export const IDLE_MS = 120_000;

/** Calls that read the catalog without running anything: they stay in the turn. */
const LOOKUPS = new Set(["tool_search", "tool_describe"]);

export class Turns {
  /** The number of the current turn (the first call starts turn 1). */
  #number = 0;
  /** When the latest call came, in ms (`now()`'s clock). */
  #lastCall = -Infinity;
  /** Whether the latest call ran a tool, which ends its turn. */
  #ended = false;

  /**
   * @param {() => number} [now] the clock, in ms
   * @param {string} [name] what a turn is named, before its number
   */
  constructor(now = Date.now, name = "proxy-turn") {
    this.now = now;
    this.name = name;
  }

  /**
   * The turn of a call of `name` arriving now, as `ctx.turn` names it.
   * @param {string} name the tool the client calls
   * @returns {string}
   */
  of(name) {
    const at = this.now();
    if (this.#ended || at - this.#lastCall >= IDLE_MS) this.#number += 1;
    this.#lastCall = at;
    this.#ended = !LOOKUPS.has(name);
    return `${this.name}-${this.#number}`;
  }
}
