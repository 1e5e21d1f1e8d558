// Host values that cannot change: frozen, with every part the tool views
// read held in data properties (a getter of a frozen object may still answer
// differently each time). Freezing is for ever, so a value found immutable
// once stays so, and a frozen tools array can be trusted by identity.
import { isList, isRecord } from "./values.js";

/** The keys of a tool object that its view reads (see `snapshot` in views.js). */
const TOOL_KEYS = ["function", "inputSchema", "input_schema", "name", "description"];
/** The keys of an OpenAI tool's `function` that its view reads. */
const FUNCTION_KEYS = ["name", "description", "parameters"];
/** The keys of a parameters schema that its view reads. */
const PARAMETERS_KEYS = ["properties", "required"];
/** The keys of a property schema that its view reads. */
const PROPERTY_KEYS = ["description", "enum"];

/**
 * True when `value` is frozen and each of `keys` is, on the value itself,
 * absent or a data property; an absent key must not be inherited either.
 * @param {object} value
 * @param {Iterable<string>} keys
 */
function frozenData(value, keys) {
  if (!Object.isFrozen(value)) return false;
  for (const key of keys) {
    const own = Object.getOwnPropertyDescriptor(value, key);
    if (own === undefined ? key in value : !("value" in own)) return false;
  }
  return true;
}

/**
 * True when `list` is no list, or a frozen list of data items.
 * @param {unknown} list
 */
function immutableList(list) {
  if (!isList(list)) return true;
  const items = /** @type {unknown[]} */ (list);
  return frozenData(items, Array.from(items, (_, i) => String(i)));
}

/**
 * True when `property` is no record, or one whose description and enum cannot change.
 * @param {unknown} property
 */
function immutableProperty(property) {
  if (!isRecord(property)) return true;
  return frozenData(property, PROPERTY_KEYS) && immutableList(property.enum);
}

/**
 * True when `parameters` is no record, or a schema whose properties and required names cannot change.
 * @param {unknown} parameters
 */
function immutableParameters(parameters) {
  if (!isRecord(parameters)) return true;
  if (!frozenData(parameters, PARAMETERS_KEYS) || !immutableList(parameters.required)) return false;
  const properties = parameters.properties;
  if (!isRecord(properties)) return true;
  const keys = Object.keys(properties);
  return frozenData(properties, keys) && keys.every((key) => immutableProperty(properties[key]));
}

/**
 * True when nothing a tool view reads of `tool` can change.
 * @param {unknown} tool
 */
export function isImmutableTool(tool) {
  try {
    if (!isRecord(tool) || !frozenData(tool, TOOL_KEYS)) return false;
    const fn = tool.function;
    if (isRecord(fn)) return frozenData(fn, FUNCTION_KEYS) && immutableParameters(fn.parameters);
    return immutableParameters(tool.inputSchema) && immutableParameters(tool.input_schema);
  } catch {
    // a proxy that throws: not to be trusted
    return false;
  }
}

/**
 * True when `map` (a session's toolsets or owners) is absent or frozen with data properties only.
 * @param {Record<string, unknown> | null} map
 */
export function isImmutableMap(map) {
  try {
    return map === null || frozenData(map, Object.keys(map));
  } catch {
    return false;
  }
}

/**
 * True when `list` is a frozen list of data items.
 * @param {unknown[]} list
 */
export function isFrozenList(list) {
  try {
    return Object.isFrozen(list) && immutableList(list);
  } catch {
    return false;
  }
}
