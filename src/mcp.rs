//! Importing an MCP server's `tools/list` result into a session (API.md
//! `ToolSearch.fromMcp`): tools named `mcp__<server>__<tool>` in toolset
//! `mcp-<server>`, the convention the spec's examples use.

use serde::Serialize;
use serde_json::{Map, Value};

/// The session parts for one server's tools.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct McpImport {
    /// The tools in MCP shape, renamed.
    pub tools: Vec<Value>,
    /// Composed name -> `mcp-<server>`.
    pub toolsets: Map<String, Value>,
    /// Composed name -> `{server, tool}` as the server named them, for routing calls back.
    pub origins: Map<String, Value>,
}

/// Imports `list` (a `tools/list` result, or its `tools` array) of `server`.
/// Characters outside `[A-Za-z0-9_-]` in either part become `_`.
pub fn from_mcp(server: &str, list: &Value) -> McpImport {
    let tools = match list {
        Value::Array(tools) => tools.as_slice(),
        other => other
            .get("tools")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice),
    };
    let server_part = sanitize(server);
    let mut import = McpImport::default();
    for tool in tools {
        let (Some(object), Some(tool_name)) =
            (tool.as_object(), tool.get("name").and_then(Value::as_str))
        else {
            continue;
        };
        let name = format!("mcp__{server_part}__{}", sanitize(tool_name));
        let mut renamed = object.clone();
        renamed.insert("name".into(), name.clone().into());
        import.tools.push(Value::Object(renamed));
        import
            .toolsets
            .insert(name.clone(), format!("mcp-{server_part}").into());
        let mut origin = Map::new();
        origin.insert("server".into(), server.into());
        origin.insert("tool".into(), tool_name.into());
        import.origins.insert(name, Value::Object(origin));
    }
    import
}

fn sanitize(part: &str) -> String {
    part.chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '_' || c == '-' {
                c
            } else {
                '_'
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn names_toolsets_and_origins() {
        let list = json!({"tools": [
            {"name": "read_file", "description": "Read", "inputSchema": {"type": "object"}, "annotations": {"readOnlyHint": true}},
            {"name": "get.env"}, {"description": "nameless"}, 5
        ], "nextCursor": null});
        let import = from_mcp("my server", &list);
        assert_eq!(import.tools.len(), 2);
        assert_eq!(import.tools[0]["name"], "mcp__my_server__read_file");
        assert_eq!(import.tools[0]["annotations"]["readOnlyHint"], true);
        assert_eq!(import.tools[1]["name"], "mcp__my_server__get_env");
        assert_eq!(import.toolsets["mcp__my_server__get_env"], "mcp-my_server");
        assert_eq!(
            import.origins["mcp__my_server__get_env"],
            json!({"server": "my server", "tool": "get.env"})
        );
        assert_eq!(from_mcp("s", &json!([{"name": "t"}])).tools.len(), 1);
        assert!(from_mcp("s", &json!("nope")).tools.is_empty());
    }
}
