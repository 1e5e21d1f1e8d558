//! Importing an MCP server's `tools/list` result into a session (`pkg/toolsearch.d.ts`
//! `ToolSearch.fromMcp`): tools named `mcp__<server>__<tool>` in toolset
//! `mcp-<server>`, the convention the spec's examples use.

use serde::Serialize;
use serde_json::{Map, Value};

use crate::hash::{FastMap, FastSet};

/// The session parts for one server's tools.
#[derive(Debug, Clone, Default, PartialEq, Serialize)]
pub struct McpImport {
    /// The tools in MCP shape, renamed.
    pub tools: Vec<Value>,
    /// Composed name -> `mcp-<server>`, for each tool that defers.
    pub toolsets: Map<String, Value>,
    /// The toolset its deferred tools take, `mcp-<server>`.
    pub toolset: String,
    /// Composed names of the tools the server pins
    /// (`_meta["anthropic/alwaysLoad"]: true`): left out of `toolsets`, so
    /// they stay visible.
    pub pinned: Vec<String>,
    /// Composed name -> `{server, tool}` as the server named them, for routing calls back.
    pub origins: Map<String, Value>,
    /// Tools skipped or renamed, and why.
    pub warnings: Vec<String>,
}

/// Imports `list` (a `tools/list` result, or its `tools` array) of `server`;
/// see [`import_tools`].
pub fn from_mcp(server: &str, list: &Value, taken: &[String]) -> McpImport {
    import_tools(server, tools_of(list), taken)
}

/// Imports each server's `list` in turn, as [`from_mcp`] with the names of
/// the servers before it taken; see [`import_servers`].
pub fn from_mcp_servers(servers: &[(String, Value)]) -> Vec<McpImport> {
    let servers = servers
        .iter()
        .map(|(server, list)| (server.clone(), tools_of(list)))
        .collect();
    import_servers(servers)
}

/// The tools of a `tools/list` result, or of its `tools` array.
fn tools_of(list: &Value) -> Vec<Result<Value, String>> {
    let tools = match list {
        Value::Array(tools) => tools.as_slice(),
        other => other
            .get("tools")
            .and_then(Value::as_array)
            .map_or(&[][..], Vec::as_slice),
    };
    tools.iter().cloned().map(Ok).collect()
}

/// Imports the tools of `server`, each read or the reason it could not be.
/// Characters outside `[A-Za-z0-9_-]` in either part become `_`. Names are
/// never shared: a server part that other servers' names in `taken`
/// already use gets `_2`, `_3`, ...; when tools' composed names collide, a
/// tool whose name needed no change keeps it and the others get `_2`, `_3`,
/// ... in list order. Each rename and each unreadable tool gives a warning.
pub(crate) fn import_tools(
    server: &str,
    tools: Vec<Result<Value, String>>,
    taken: &[String],
) -> McpImport {
    McpNames::new(taken).import(server, tools)
}

/// Imports several servers in turn, as [`import_tools`] with each taking
/// the names of those before it: the names are kept once, so the work is
/// linear in the tools, however many servers bring them.
pub(crate) fn import_servers(servers: Vec<(String, Vec<Result<Value, String>>)>) -> Vec<McpImport> {
    let mut names = McpNames::new(&[]);
    servers
        .into_iter()
        .map(|(server, tools)| names.import(&server, tools))
        .collect()
}

/// The names given so far, and the server parts they use.
struct McpNames {
    /// Composed names that are taken.
    used: FastSet<String>,
    /// The server part of each taken `mcp__<part>__<tool>` name.
    parts: FastSet<String>,
    /// Per server part, the suffix its last rename took: every lower one
    /// is in use, so many servers of one part cost linear time.
    part_suffixes: FastMap<String, u64>,
    /// The suffix to try next per tool name, across servers.
    suffixes: Suffixes,
}

impl McpNames {
    fn new(taken: &[String]) -> McpNames {
        let mut names = McpNames {
            used: FastSet::default(),
            parts: FastSet::default(),
            part_suffixes: FastMap::default(),
            suffixes: Suffixes::default(),
        };
        for name in taken {
            names.take(name.clone());
        }
        names
    }

    /// Marks `name` taken; false when it already was.
    fn take(&mut self, name: String) -> bool {
        if let Some((part, _)) = name.strip_prefix("mcp__").and_then(|n| n.split_once("__")) {
            if !self.parts.contains(part) {
                self.parts.insert(part.to_owned());
            }
        }
        self.used.insert(name)
    }

    /// One server's import (see [`import_tools`]); its names are taken after.
    fn import(&mut self, server: &str, tools: Vec<Result<Value, String>>) -> McpImport {
        let mut import = McpImport::default();
        let server_part = self.free_server_part(server, &mut import.warnings);
        import.toolset = format!("mcp-{server_part}");
        let mut named: Vec<(Map<String, Value>, String)> = Vec::new();
        for (i, tool) in tools.into_iter().enumerate() {
            match tool {
                Ok(Value::Object(object)) => {
                    if let Some(name) = object.get("name").and_then(Value::as_str) {
                        let name = name.to_owned();
                        named.push((object, name));
                    }
                }
                Ok(_) => {}
                Err(reason) => import.warnings.push(format!(
                    "server '{server}': tool #{i} was skipped, it cannot be read as JSON ({reason})"
                )),
            }
        }
        // Each tool's name as composed, and whether it needed no change.
        let bases: Vec<(String, bool)> = named
            .iter()
            .map(|(_, tool)| {
                let part = sanitize(tool);
                let unchanged = part == *tool;
                (format!("mcp__{server_part}__{part}"), unchanged)
            })
            .collect();
        // Names that need no change claim theirs first.
        let mut claimed: Vec<Option<String>> = bases
            .iter()
            .map(|(base, unchanged)| (*unchanged && self.take(base.clone())).then(|| base.clone()))
            .collect();
        for ((slot, (base, _)), (_, tool)) in claimed.iter_mut().zip(&bases).zip(&named) {
            if slot.is_none() {
                let name = self.suffixes.unused(base, &self.used);
                if name != *base {
                    import.warnings.push(format!(
                        "server '{server}': tool '{tool}' is named {name}, since {base} was taken"
                    ));
                }
                self.take(name.clone());
                *slot = Some(name);
            }
        }
        for (name, (mut object, tool)) in claimed.into_iter().flatten().zip(named) {
            let pinned = always_loads(&object);
            object.insert("name".into(), name.clone().into());
            import.tools.push(Value::Object(object));
            if pinned {
                import.pinned.push(name.clone());
            } else {
                import
                    .toolsets
                    .insert(name.clone(), import.toolset.clone().into());
            }
            let mut origin = Map::new();
            origin.insert("server".into(), server.into());
            origin.insert("tool".into(), tool.into());
            import.origins.insert(name, Value::Object(origin));
        }
        import
    }

    /// The server's part of its names: sanitised, with a suffix when taken
    /// names already use it.
    fn free_server_part(&mut self, server: &str, warnings: &mut Vec<String>) -> String {
        let part = sanitize(server);
        if !self.parts.contains(part.as_str()) {
            return part;
        }
        let next = self.part_suffixes.entry(part.clone()).or_insert(2);
        let free = loop {
            let candidate = format!("{part}_{next}");
            if !self.parts.contains(candidate.as_str()) {
                break candidate;
            }
            *next += 1;
        };
        warnings.push(format!(
            "server '{server}': its tools are named mcp__{free}__*, since mcp__{part}__* names are taken"
        ));
        free
    }
}

/// The `_meta` key with which a server asks that a tool stay loaded.
pub(crate) const ALWAYS_LOAD_META: &str = "anthropic/alwaysLoad";

/// True when the tool's `_meta` pins it (`ALWAYS_LOAD_META` is `true`).
fn always_loads(tool: &Map<String, Value>) -> bool {
    tool.get("_meta")
        .and_then(|meta| meta.get(ALWAYS_LOAD_META))
        .is_some_and(|pin| *pin == Value::Bool(true))
}

/// Per name, the suffix to try next: renaming many tools of one name costs
/// time linear in their number, not quadratic.
#[derive(Default)]
struct Suffixes(FastMap<String, u64>);

impl Suffixes {
    /// `name`, or `name_2`, `name_3`, ... : the first not in `used`.
    fn unused(&mut self, name: &str, used: &FastSet<String>) -> String {
        if !used.contains(name) {
            return name.to_owned();
        }
        let next = self.0.entry(name.to_owned()).or_insert(2);
        loop {
            let candidate = format!("{name}_{next}");
            *next += 1;
            if !used.contains(&candidate) {
                return candidate;
            }
        }
    }
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
        let import = from_mcp("my server", &list, &[]);
        assert_eq!(import.tools.len(), 2);
        assert_eq!(import.tools[0]["name"], "mcp__my_server__read_file");
        assert_eq!(import.tools[0]["annotations"]["readOnlyHint"], true);
        assert_eq!(import.tools[1]["name"], "mcp__my_server__get_env");
        assert_eq!(import.toolsets["mcp__my_server__get_env"], "mcp-my_server");
        assert_eq!(
            import.origins["mcp__my_server__get_env"],
            json!({"server": "my server", "tool": "get.env"})
        );
        assert_eq!(from_mcp("s", &json!([{"name": "t"}]), &[]).tools.len(), 1);
        assert!(from_mcp("s", &json!("nope"), &[]).tools.is_empty());
    }

    #[test]
    fn a_tool_the_server_pins_stays_out_of_the_toolsets() {
        let list = json!([
            {"name": "search", "_meta": {"anthropic/alwaysLoad": true}},
            {"name": "fetch", "_meta": {"anthropic/alwaysLoad": "yes"}},
            {"name": "read", "_meta": {"other": true}}
        ]);
        let import = from_mcp("web", &list, &[]);
        assert_eq!(import.pinned, ["mcp__web__search"]);
        assert_eq!(import.toolset, "mcp-web");
        let deferred: Vec<&String> = import.toolsets.keys().collect();
        assert_eq!(deferred, ["mcp__web__fetch", "mcp__web__read"]);
        assert_eq!(import.tools.len(), 3);
        assert!(import.origins.contains_key("mcp__web__search"));
    }

    #[test]
    fn colliding_tool_names_stay_apart() {
        let list =
            json!([{"name": "delete.file"}, {"name": "delete_file"}, {"name": "delete file"}]);
        let import = from_mcp("fs", &list, &[]);
        let names: Vec<&str> = import
            .tools
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        // The tool whose name needs no change keeps it.
        assert_eq!(
            names,
            [
                "mcp__fs__delete_file_2",
                "mcp__fs__delete_file",
                "mcp__fs__delete_file_3"
            ]
        );
        assert_eq!(
            import.origins["mcp__fs__delete_file"]["tool"],
            "delete_file"
        );
        assert_eq!(
            import.origins["mcp__fs__delete_file_2"]["tool"],
            "delete.file"
        );
        assert_eq!(import.warnings.len(), 2, "{:?}", import.warnings);
    }

    #[test]
    fn many_tools_of_one_name_are_renamed_in_linear_time() {
        // 20,000 tools of one name beside one that holds a suffix of it:
        // tried from 2 up for each tool this took minutes; each name's next
        // suffix is remembered.
        let count = 20_000;
        let mut list = vec![json!({"name": "same_name_3"})];
        list.extend((0..count).map(|_| json!({"name": "same.name"})));
        let import = from_mcp("s", &Value::Array(list), &[]);
        let names: std::collections::HashSet<&str> = import
            .tools
            .iter()
            .map(|t| t["name"].as_str().unwrap())
            .collect();
        assert_eq!(names.len(), count + 1, "every name is its own");
        for name in [
            "mcp__s__same_name",
            "mcp__s__same_name_2",
            "mcp__s__same_name_3",
        ] {
            assert!(names.contains(name), "{name}");
        }
        assert_eq!(import.origins["mcp__s__same_name_3"]["tool"], "same_name_3");
        assert!(names.contains(format!("mcp__s__same_name_{}", count + 1).as_str()));
    }

    #[test]
    fn colliding_server_names_stay_apart() {
        let first = from_mcp("my_server", &json!([{"name": "t"}]), &[]);
        let taken: Vec<String> = first.origins.keys().cloned().collect();
        let second = from_mcp("my.server", &json!([{"name": "t"}]), &taken);
        assert_eq!(second.tools[0]["name"], "mcp__my_server_2__t");
        assert_eq!(second.toolsets["mcp__my_server_2__t"], "mcp-my_server_2");
        assert!(second.warnings[0].contains("taken"));
    }

    #[test]
    fn many_servers_are_imported_as_one_after_another() {
        let servers = vec![
            ("my_server".to_owned(), json!([{"name": "t"}])),
            ("empty".to_owned(), json!([])),
            ("my.server".to_owned(), json!({"tools": [{"name": "t"}]})),
        ];
        let imports = from_mcp_servers(&servers);
        let one_by_one = {
            let first = from_mcp("my_server", &servers[0].1, &[]);
            let taken: Vec<String> = first.origins.keys().cloned().collect();
            let second = from_mcp("empty", &servers[1].1, &taken);
            let third = from_mcp("my.server", &servers[2].1, &taken);
            vec![first, second, third]
        };
        assert_eq!(imports, one_by_one);
        assert_eq!(imports[2].tools[0]["name"], "mcp__my_server_2__t");
    }

    #[test]
    fn many_servers_of_one_part_are_named_in_linear_time() {
        // 20,000 servers whose names all sanitise to `a_b`, and 20,000 to
        // `s_` (whose names `mcp__s___t` read back as the part `s`, so their
        // tools collide), each with one tool `t`: each server's part and
        // each tool's suffix were searched from _2 up, and each server's
        // import read the names of all before it.
        let count = 20_000;
        let server = |pattern: &str, i: u32| {
            let odd = char::from_u32(0x4e00 + i).unwrap().to_string();
            (pattern.replace('?', &odd), json!([{"name": "t"}]))
        };
        let mut servers: Vec<(String, Value)> = (0..count).map(|i| server("a?b", i)).collect();
        servers.extend((0..count).map(|i| server("s?", i)));
        let imports = from_mcp_servers(&servers);
        let name = |i: u32| imports[i as usize].tools[0]["name"].as_str().unwrap();
        assert_eq!(name(0), "mcp__a_b__t");
        assert_eq!(name(1), "mcp__a_b_2__t");
        assert_eq!(name(count - 1), format!("mcp__a_b_{count}__t"));
        assert_eq!(name(count), "mcp__s___t");
        assert_eq!(name(count + 1), "mcp__s___t_2");
        assert_eq!(name(2 * count - 1), format!("mcp__s___t_{count}"));
    }

    #[test]
    fn unreadable_tools_are_skipped_with_a_warning() {
        let tools = vec![
            Ok(json!({"name": "a"})),
            Err("too deep".to_owned()),
            Ok(json!({"name": "b"})),
        ];
        let import = import_tools("s", tools, &[]);
        assert_eq!(import.tools.len(), 2);
        assert!(import.warnings[0].contains("#1") && import.warnings[0].contains("too deep"));
    }
}
