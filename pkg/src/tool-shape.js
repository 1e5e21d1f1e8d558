// A tool's name and parameters schema in any shape the package reads
// (OpenAI, Anthropic, MCP), read as the engine reads them.
import { field, isRecord, recordField } from "./values.js";

/**
 * The name of a tool in any supported shape; null when it has none.
 * @param {unknown} def
 */
export function toolName(def) {
  if (!isRecord(def)) return null;
  const fn = field(def, "function");
  const name = field(isRecord(fn) ? fn : def, "name");
  return typeof name === "string" ? name : null;
}

/**
 * The parameters schema of a tool in any supported shape; null when it has none.
 * @param {unknown} def
 */
export function toolSchema(def) {
  if (!isRecord(def)) return null;
  const fn = field(def, "function");
  if (isRecord(fn)) return recordField(fn, "parameters");
  // The first key that is there, as the engine reads it (null included).
  const key = ["inputSchema", "input_schema", "parameters"].find((k) => field(def, k) !== undefined);
  return key === undefined ? null : recordField(def, key);
}
