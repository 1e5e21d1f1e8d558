//! Tool definitions in OpenAI, Anthropic or MCP shape, read into the one view
//! the engine works with, and the bridge tools written back in any shape.

use std::hash::{Hash, Hasher};

use serde_json::{Map, Value};

use crate::text::clip;

/// The shapes tools are written in. Tools are read in these and in one more,
/// a flat `{type: "function", name, description, parameters}` (OpenAI's
/// Responses API).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum ToolFormat {
    /// `{type: "function", function: {name, description, parameters}}`.
    #[default]
    OpenAi,
    /// `{name, description, input_schema}`.
    Anthropic,
    /// `{name, description, inputSchema}` as MCP `tools/list` returns it.
    Mcp,
}

impl ToolFormat {
    /// Parses `"openai"`, `"anthropic"` or `"mcp"`.
    pub fn parse(text: &str) -> Option<ToolFormat> {
        match text {
            "openai" => Some(ToolFormat::OpenAi),
            "anthropic" => Some(ToolFormat::Anthropic),
            "mcp" => Some(ToolFormat::Mcp),
            _ => None,
        }
    }

    /// Writes a tool in this shape; `parameters` is a JSON Schema object.
    pub fn write(self, name: &str, description: &str, parameters: Value) -> Value {
        let mut tool = Map::new();
        match self {
            ToolFormat::OpenAi => {
                let mut function = Map::new();
                function.insert("name".into(), name.into());
                function.insert("description".into(), description.into());
                function.insert("parameters".into(), parameters);
                tool.insert("type".into(), "function".into());
                tool.insert("function".into(), Value::Object(function));
            }
            ToolFormat::Anthropic | ToolFormat::Mcp => {
                tool.insert("name".into(), name.into());
                tool.insert("description".into(), description.into());
                let key = if self == ToolFormat::Mcp {
                    "inputSchema"
                } else {
                    "input_schema"
                };
                tool.insert(key.into(), parameters);
            }
        }
        Value::Object(tool)
    }
}

/// What the engine reads from one tool definition.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ToolDef {
    /// The tool name; `""` when missing or not a string.
    pub name: String,
    /// The description when it is a string.
    pub description: Option<String>,
    /// Keys of the top-level `properties` object of the parameters, in order.
    pub param_keys: Vec<String>,
    /// String items of the parameters' `required` list.
    pub required: Vec<String>,
    /// The top-level parameters' descriptions and string enum values.
    pub param_text: String,
    /// Search-only keywords: `_meta["toolsearch/keywords"]` of the tool
    /// object (a string or a list of strings), one per line, at most
    /// [`KEYWORDS_CHARS`] characters. The enhanced ranking indexes them like
    /// description words; no answer shows them to the model.
    pub keywords: String,
    /// The definition is no OpenAI `function` wrapper and holds no parameters
    /// schema where any accepted shape keeps one: a shape the engine does not
    /// know, whose calls it cannot check. Assembly warns of such tools.
    pub schema_missing: bool,
}

/// One raw tool definition with what the host registered about its name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SessionTool {
    /// The definition, read.
    pub def: ToolDef,
    /// `session.toolsets[name]` when it is a string; `None` = unregistered.
    pub toolset: Option<String>,
    /// `session.owners[name]` when it is a non-empty string.
    pub owner: Option<String>,
}

/// Hashes what tells tools apart cheaply: the name, toolset and owner, and
/// only the lengths of the long texts. Equal tools hash alike, as `Eq`
/// needs; two versions of one tool that differ inside its description share
/// a hash and are told apart by `Eq`. Hashing every description cost most of
/// a first call's interning in freshly loaded wasm.
impl Hash for SessionTool {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.def.name.hash(state);
        self.toolset.hash(state);
        self.owner.hash(state);
        self.def.description.as_ref().map(String::len).hash(state);
        self.def.param_keys.len().hash(state);
        self.def.required.len().hash(state);
        self.def.param_text.len().hash(state);
        self.def.keywords.len().hash(state);
    }
}

/// The `_meta` key of a tool's search-only keywords.
pub(crate) const KEYWORDS_META: &str = "toolsearch/keywords";

/// The most characters of keywords a tool contributes: a few phrases, not a
/// second description.
pub(crate) const KEYWORDS_CHARS: usize = 1_000;

impl ToolDef {
    /// Reads a definition of any accepted shape; anything unreadable yields an
    /// empty (nameless) view.
    pub fn read(def: &Value) -> ToolDef {
        let Some(block) = function_block(def) else {
            return ToolDef::default();
        };
        let parameters = parameters_of(def);
        let text = |key: &str| block.get(key).and_then(Value::as_str).map(str::to_owned);
        ToolDef {
            name: text("name").unwrap_or_default(),
            description: text("description"),
            param_keys: parameters
                .and_then(|p| p.get("properties"))
                .and_then(Value::as_object)
                .map(|props| props.keys().cloned().collect())
                .unwrap_or_default(),
            required: parameters
                .and_then(|p| p.get("required"))
                .and_then(Value::as_array)
                .map(|items| {
                    items
                        .iter()
                        .filter_map(|i| i.as_str().map(str::to_owned))
                        .collect()
                })
                .unwrap_or_default(),
            param_text: parameters.map(param_text).unwrap_or_default(),
            keywords: keywords(def),
            schema_missing: is_schema_missing(def),
        }
    }
}

/// The search-only keywords of a tool object (see [`ToolDef::keywords`]):
/// strings kept, anything else ignored, clipped at [`KEYWORDS_CHARS`].
fn keywords(def: &Value) -> String {
    let Some(value) = def.get("_meta").and_then(|meta| meta.get(KEYWORDS_META)) else {
        return String::new();
    };
    let items: Vec<&str> = match value {
        Value::String(text) => vec![text.as_str()],
        Value::Array(items) => items.iter().filter_map(Value::as_str).collect(),
        _ => Vec::new(),
    };
    clip_keywords(items)
}

/// `items` one per line, clipped at [`KEYWORDS_CHARS`] characters.
pub(crate) fn clip_keywords<'a>(items: impl IntoIterator<Item = &'a str>) -> String {
    let mut text = String::new();
    let mut left = KEYWORDS_CHARS;
    for item in items {
        if left == 0 {
            break;
        }
        let taken: String = item.chars().take(left).collect();
        left -= taken.chars().count();
        text.push_str(&taken);
        text.push('\n');
    }
    text
}

/// The descriptions and string enum values of the top-level properties.
fn param_text(parameters: &Value) -> String {
    let mut text = String::new();
    let Some(properties) = parameters.get("properties").and_then(Value::as_object) else {
        return text;
    };
    for property in properties.values() {
        if let Some(description) = property.get("description").and_then(Value::as_str) {
            text.push_str(description);
            text.push('\n');
        }
        for value in property
            .get("enum")
            .and_then(Value::as_array)
            .into_iter()
            .flatten()
        {
            if let Some(value) = value.as_str() {
                text.push_str(value);
                text.push('\n');
            }
        }
    }
    text
}

/// The object holding `name` and `description`: `function` for OpenAI
/// tools, the tool itself otherwise.
pub(crate) fn function_block(def: &Value) -> Option<&Map<String, Value>> {
    let tool = def.as_object()?;
    match tool.get("function") {
        Some(Value::Object(function)) => Some(function),
        _ => Some(tool),
    }
}

/// The JSON Schema of the tool's arguments, when present: `function.parameters`
/// of an OpenAI tool, else the first of `inputSchema` (MCP), `input_schema`
/// (Anthropic) and `parameters` (a flat Responses API tool).
pub(crate) fn parameters_of(def: &Value) -> Option<&Value> {
    let tool = def.as_object()?;
    match tool.get("function") {
        Some(Value::Object(function)) => function.get("parameters"),
        _ => tool
            .get("inputSchema")
            .or_else(|| tool.get("input_schema"))
            .or_else(|| tool.get("parameters")),
    }
}

/// See [`ToolDef::schema_missing`]; an OpenAI function may leave out its
/// parameters (it takes none).
fn is_schema_missing(def: &Value) -> bool {
    let wrapped = matches!(def.get("function"), Some(Value::Object(_)));
    !wrapped && !parameters_of(def).is_some_and(Value::is_object)
}

/// The name of a definition of any shape, `""` when it has none.
pub(crate) fn name_of(def: &Value) -> &str {
    function_block(def)
        .and_then(|b| b.get("name"))
        .and_then(Value::as_str)
        .unwrap_or("")
}

/// The annotations the bridges carry, in the order they are written: MCP's
/// `title` and its four behaviour hints.
const ANNOTATION_KEYS: [&str; 5] = [
    "title",
    "readOnlyHint",
    "destructiveHint",
    "idempotentHint",
    "openWorldHint",
];

/// Characters of an annotation title kept (a server writes it).
pub(crate) const ANNOTATION_TITLE_CHARS: usize = 120;

/// A tool's annotations as the bridges show them, read from the tool
/// object's `annotations` (where MCP puts them, whatever the shape): a string
/// `title`, clipped, and the boolean hints, in a fixed order; `None` when it
/// holds none of them.
pub(crate) fn annotations(value: Option<&Value>) -> Option<Map<String, Value>> {
    let given = value?.as_object()?;
    let mut kept = Map::new();
    for key in ANNOTATION_KEYS {
        match given.get(key) {
            Some(Value::String(title)) if key == "title" => {
                kept.insert(key.into(), clip(title, ANNOTATION_TITLE_CHARS, "…").into());
            }
            Some(Value::Bool(hint)) if key != "title" => {
                kept.insert(key.into(), (*hint).into());
            }
            _ => {}
        }
    }
    (!kept.is_empty()).then_some(kept)
}

/// Code points of `def` serialized as compact JSON.
pub(crate) fn compact_json_chars(def: &Value) -> usize {
    serde_json::to_string(def).map_or(0, |text| text.chars().count())
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn reads_all_four_shapes() {
        let params =
            json!({"type": "object", "properties": {"b": {}, "a": {}}, "required": ["a", 3]});
        let shapes = [
            json!({"type": "function", "function": {"name": "t", "description": "d", "parameters": params}}),
            json!({"name": "t", "description": "d", "input_schema": params}),
            json!({"name": "t", "description": "d", "inputSchema": params, "annotations": {}}),
            json!({"type": "function", "name": "t", "description": "d", "parameters": params, "strict": false}),
        ];
        for shape in shapes {
            let def = ToolDef::read(&shape);
            assert!(!def.schema_missing, "{shape}");
            assert_eq!(def.name, "t");
            assert_eq!(def.description.as_deref(), Some("d"));
            assert_eq!(def.param_keys, ["b", "a"]);
            assert_eq!(def.required, ["a"]);
        }
    }

    #[test]
    fn search_only_keywords_come_from_meta_in_any_shape() {
        let meta = |value: Value| json!({"toolsearch/keywords": value, "other": 1});
        let shapes = [
            json!({"name": "t", "inputSchema": {}, "_meta": meta(json!("ship a parcel"))}),
            json!({"type": "function", "function": {"name": "t"}, "_meta": meta(json!("ship a parcel"))}),
            json!({"name": "t", "input_schema": {}, "_meta": meta(json!(["ship a parcel"]))}),
        ];
        for shape in shapes {
            assert_eq!(ToolDef::read(&shape).keywords, "ship a parcel\n", "{shape}");
        }
        let list = json!({"name": "t", "_meta": meta(json!(["a", 3, null, "b"]))});
        assert_eq!(ToolDef::read(&list).keywords, "a\nb\n");
        for none in [json!(3), json!({"a": "b"}), json!(null)] {
            let def = json!({"name": "t", "_meta": meta(none.clone())});
            assert_eq!(ToolDef::read(&def).keywords, "", "{none}");
        }
        assert_eq!(
            ToolDef::read(&json!({"name": "t", "_meta": "x"})).keywords,
            ""
        );
        // At most KEYWORDS_CHARS characters, whatever the items.
        let long = json!({"name": "t", "_meta": meta(json!(["é".repeat(600), "ü".repeat(600)]))});
        let clipped = ToolDef::read(&long).keywords;
        assert_eq!(
            clipped.chars().filter(|c| *c != '\n').count(),
            KEYWORDS_CHARS
        );
    }

    #[test]
    fn annotations_keep_the_known_keys_in_order() {
        let given = json!({"openWorldHint": false, "destructiveHint": true, "title": "x".repeat(200),
            "readOnlyHint": "yes", "idempotentHint": null, "extra": 1});
        let kept = annotations(Some(&given)).unwrap();
        let keys: Vec<&str> = kept.keys().map(String::as_str).collect();
        assert_eq!(keys, ["title", "destructiveHint", "openWorldHint"]);
        assert_eq!(
            kept["title"].as_str().unwrap().chars().count(),
            ANNOTATION_TITLE_CHARS + 1
        );
        for none in [
            json!({}),
            json!({"readOnlyHint": 1}),
            json!([true]),
            json!("t"),
        ] {
            assert_eq!(annotations(Some(&none)), None, "{none}");
        }
        assert_eq!(annotations(None), None);
    }

    #[test]
    fn a_schema_in_no_known_place_is_missing() {
        for unknown in [
            json!({"name": "t", "description": "d"}),
            json!({"name": "t", "schema": {"type": "object"}}),
            json!({"name": "t", "inputSchema": null}),
            json!({"type": "function", "name": "t", "parameters": "{}"}),
        ] {
            let def = ToolDef::read(&unknown);
            assert_eq!(def.name, "t");
            assert!(def.schema_missing, "{unknown}");
            assert_eq!(parameters_of(&unknown).filter(|p| p.is_object()), None);
        }
        // An OpenAI function may leave its parameters out: it takes none.
        let bare = json!({"type": "function", "function": {"name": "t"}});
        assert!(!ToolDef::read(&bare).schema_missing);
    }

    #[test]
    fn unreadable_defs_are_nameless() {
        for bad in [
            json!(null),
            json!("x"),
            json!({"name": 3}),
            json!({"function": {"name": null}}),
        ] {
            let def = ToolDef::read(&bad);
            assert_eq!(def.name, "");
            assert!(def.param_keys.is_empty());
        }
    }

    #[test]
    fn writes_each_shape() {
        let p = json!({"type": "object"});
        assert_eq!(
            serde_json::to_string(&ToolFormat::OpenAi.write("n", "d", p.clone())).unwrap(),
            r#"{"type":"function","function":{"name":"n","description":"d","parameters":{"type":"object"}}}"#
        );
        assert_eq!(
            serde_json::to_string(&ToolFormat::Mcp.write("n", "d", p)).unwrap(),
            r#"{"name":"n","description":"d","inputSchema":{"type":"object"}}"#
        );
    }
}
