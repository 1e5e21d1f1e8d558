// What a host reads of a bridge answer (`Answer` of the declarations, as
// src/wasm/encode.rs writes it).
import { field, isRecord } from "./values.js";

/**
 * True when a bridge answer (of `ts.answer`) is one a host should flag as
 * failed (MCP `isError`, Anthropic `is_error`): an error, or a connector
 * batch in which no call succeeded. A tool's own output never is.
 * @param {unknown} answer
 */
export function isError(answer) {
  if (typeof answer === "string") {
    throw new TypeError("toolsearch: isError takes the answer of ts.answer(name, args, session), not its text");
  }
  if (!isRecord(answer)) return false;
  const kind = field(answer, "kind");
  // Number(x) > 0 is what x > 0 computes, for any x.
  return kind === "error" || (kind === "connectors" && field(answer, "succeeded") === 0 && Number(field(answer, "failed")) > 0);
}
