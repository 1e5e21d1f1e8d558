// Reading a host's session: the one value the engine reads per call
// (`SessionValue` in src/wasm/source.rs). A prepared session is read as it was
// prepared; any other object is read afresh on every call, its tools with
// their ids from tool-ids.js.
import { field, isList, isRecord, jsonText, recordField, typeName } from "./values.js";

/** @import { SessionValue } from "./entry/toolsearch.js" */
/** @import { Read, ToolIds } from "./tool-ids.js" */

/**
 * What the engine reads of `session` on this call.
 * @param {unknown} session
 * @param {ToolIds} toolIds the instance's
 * @returns {SessionValue}
 */
export function sessionOf(session, toolIds) {
  return toolIds.pinned(session) ?? readSession(session, toolIds);
}

/**
 * Reads a session object afresh: its tools, toolsets and owners, and the
 * declared rows as JSON text.
 * @param {unknown} session
 * @param {ToolIds} toolIds the instance's
 * @returns {Read}
 */
export function readSession(session, toolIds) {
  if (!isRecord(session)) {
    throw new TypeError(`toolsearch: session must be an object, got ${typeName(session)}`);
  }
  const listed = field(session, "tools");
  const toolsets = recordField(session, "toolsets");
  const owners = recordField(session, "owners");
  const declared = isList(field(session, "declaredSources")) ? jsonText(field(session, "declaredSources"), "[]") : "[]";
  const { tools, ids } = toolIds.read(listed, toolsets, owners);
  return { ids, tools, toolsets, owners, declared };
}
