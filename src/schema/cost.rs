//! What checking arguments against a schema would cost the validator,
//! counted before it runs. The `jsonschema` crate applies a `$ref` target
//! afresh at every place that refers to it, so a schema whose every level
//! refers to the next twice doubles the work per level: 30 levels are a
//! billion steps for a few hundred bytes. This walk goes where the validator
//! goes, over the arguments themselves (a `$ref` cycle stops where the
//! validator's guard stops it), and gives up at [`STEP_BUDGET`]; its own
//! work is bounded by that budget too.

use serde_json::{Map, Value};

use crate::hash::{FastMap, FastSet};

/// Schema keywords the validator may apply in one call. Real tool schemas
/// with real arguments stay in the hundreds; past this the arguments are
/// not checked locally (validation fails open).
pub(crate) const STEP_BUDGET: usize = 100_000;

/// Nesting of the walk (schema levels and `$ref` hops) past which the
/// arguments are not checked locally: the validator recurses as deep.
const MAX_DEPTH: usize = 512;

/// Keywords whose schema, or array of schemas, applies to the value itself.
const IN_PLACE: [&str; 7] = ["allOf", "anyOf", "oneOf", "not", "if", "then", "else"];
/// Keywords mapping names to schemas that may apply to the value itself.
const IN_PLACE_MAPS: [&str; 2] = ["dependentSchemas", "dependencies"];
/// Keywords naming another schema that applies to the value itself.
const REFERENCES: [&str; 3] = ["$ref", "$recursiveRef", "$dynamicRef"];
/// Keywords whose schema may apply to every property value.
const EVERY_PROPERTY: [&str; 2] = ["additionalProperties", "unevaluatedProperties"];
/// Keywords whose schema may apply to every item.
const EVERY_ITEM: [&str; 3] = ["additionalItems", "unevaluatedItems", "contains"];

/// What `propertyNames` checks: a key, which is a string.
static PROPERTY_NAME: Value = Value::String(String::new());

/// The keywords the validator would apply to check `instance` against
/// `schema`, or `None` past [`STEP_BUDGET`], past the walk's nesting cap,
/// or when a `$ref` is one this walk cannot follow as the validator would
/// (an anchor, or a reference inside a schema with its own `$id`).
pub(crate) fn validation_steps(schema: &Value, instance: &Value) -> Option<usize> {
    let mut walk = Walk {
        root: schema,
        left: STEP_BUDGET,
        entered: FastSet::default(),
        resolved: FastMap::default(),
    };
    walk.visit(schema, instance, 0)?;
    Some(STEP_BUDGET - walk.left)
}

/// One count of the validator's work.
struct Walk<'s> {
    /// The schema document, which `$ref` pointers start from.
    root: &'s Value,
    /// Steps left of the budget.
    left: usize,
    /// The `$ref` targets being applied, each with the value it is applied
    /// to: the validator's cycle guard (addresses of both).
    entered: FastSet<(usize, usize)>,
    /// The target of each `$ref` met, by the address of its text.
    resolved: FastMap<usize, &'s Value>,
}

impl<'s> Walk<'s> {
    fn spend(&mut self, steps: usize) -> Option<()> {
        self.left = self.left.checked_sub(steps)?;
        Some(())
    }

    fn visit(&mut self, schema: &'s Value, instance: &Value, depth: usize) -> Option<()> {
        if depth > MAX_DEPTH {
            return None;
        }
        let Value::Object(node) = schema else {
            return self.spend(1);
        };
        self.spend(node.len().max(1))?;
        if !std::ptr::eq(schema, self.root) && has_own_id(node) {
            return None;
        }
        for (keyword, value) in node {
            let keyword = keyword.as_str();
            if REFERENCES.contains(&keyword) {
                let target = self.target(value)?;
                self.follow(target, instance, depth + 1)?;
            } else if IN_PLACE.contains(&keyword) {
                for sub in schemas_of(value) {
                    self.visit(sub, instance, depth + 1)?;
                }
            } else if IN_PLACE_MAPS.contains(&keyword) {
                for sub in value.as_object().into_iter().flat_map(Map::values) {
                    if sub.is_object() || sub.is_boolean() {
                        self.visit(sub, instance, depth + 1)?;
                    }
                }
            } else {
                self.descend(keyword, value, instance, depth)?;
            }
        }
        Some(())
    }

    /// The keywords that apply to the parts of `instance`: its properties,
    /// its keys, its items.
    fn descend(
        &mut self,
        keyword: &str,
        value: &'s Value,
        instance: &Value,
        depth: usize,
    ) -> Option<()> {
        let properties = instance.as_object().into_iter().flat_map(Map::values);
        let items = instance.as_array().map(Vec::as_slice).unwrap_or_default();
        match (keyword, value) {
            ("properties", Value::Object(named)) => {
                let Some(object) = instance.as_object() else {
                    return Some(());
                };
                for (name, sub) in named {
                    if let Some(property) = object.get(name) {
                        self.visit(sub, property, depth + 1)?;
                    }
                }
            }
            ("patternProperties", Value::Object(patterns)) => {
                for property in properties {
                    for sub in patterns.values() {
                        self.visit(sub, property, depth + 1)?;
                    }
                }
            }
            ("propertyNames", _) => {
                for _ in instance.as_object().into_iter().flat_map(Map::keys) {
                    self.visit(value, &PROPERTY_NAME, depth + 1)?;
                }
            }
            ("prefixItems" | "items", Value::Array(positional)) => {
                for (sub, item) in positional.iter().zip(items) {
                    self.visit(sub, item, depth + 1)?;
                }
            }
            ("items", _) => {
                for item in items {
                    self.visit(value, item, depth + 1)?;
                }
            }
            (keyword, _) if EVERY_PROPERTY.contains(&keyword) => {
                for property in properties {
                    self.visit(value, property, depth + 1)?;
                }
            }
            (keyword, _) if EVERY_ITEM.contains(&keyword) => {
                for item in items {
                    self.visit(value, item, depth + 1)?;
                }
            }
            _ => {}
        }
        Some(())
    }

    /// Applies a `$ref` target, unless the same target is already being
    /// applied to the same value (the validator's guard ends that cycle).
    fn follow(&mut self, target: &'s Value, instance: &Value, depth: usize) -> Option<()> {
        let key = (
            std::ptr::from_ref(target) as usize,
            std::ptr::from_ref(instance) as usize,
        );
        if !self.entered.insert(key) {
            return self.spend(1);
        }
        let visited = self.visit(target, instance, depth);
        self.entered.remove(&key);
        visited
    }

    /// The schema the `$ref` text `reference` names, resolved once.
    fn target(&mut self, reference: &'s Value) -> Option<&'s Value> {
        let key = std::ptr::from_ref(reference) as usize;
        if let Some(target) = self.resolved.get(&key) {
            return Some(target);
        }
        let target = self.resolve(reference.as_str()?)?;
        self.resolved.insert(key, target);
        Some(target)
    }

    /// The schema a local `$ref` (`#` and a JSON pointer) names in the
    /// document; `None` for anything else, and for a pointer that passes
    /// through a schema with its own `$id` (the pointer would count from it).
    fn resolve(&self, reference: &str) -> Option<&'s Value> {
        let pointer = percent_decoded(reference.strip_prefix('#')?)?;
        let mut at = self.root;
        if pointer.is_empty() {
            return Some(at);
        }
        for token in pointer.strip_prefix('/')?.split('/') {
            let token = token.replace("~1", "/").replace("~0", "~");
            at = match at {
                Value::Object(map) => map.get(&token)?,
                Value::Array(items) => items.get(token.parse::<usize>().ok()?)?,
                _ => return None,
            };
            if at.as_object().is_some_and(has_own_id) {
                return None;
            }
        }
        Some(at)
    }
}

/// The schemas of an in-place keyword: one, or an array of them.
fn schemas_of(value: &Value) -> &[Value] {
    match value {
        Value::Array(items) => items,
        other => std::slice::from_ref(other),
    }
}

/// A schema that starts a resource of its own, against which `$ref`s inside
/// it resolve (`id` in draft 4).
fn has_own_id(node: &Map<String, Value>) -> bool {
    ["$id", "id"]
        .iter()
        .any(|key| node.get(*key).is_some_and(Value::is_string))
}

/// A URI fragment with its `%XX` escapes decoded; `None` when one is broken
/// or the bytes are not UTF-8.
fn percent_decoded(fragment: &str) -> Option<String> {
    let bytes = fragment.as_bytes();
    let mut out = Vec::with_capacity(bytes.len());
    let mut i = 0;
    while i < bytes.len() {
        if bytes[i] == b'%' {
            let hex = std::str::from_utf8(bytes.get(i + 1..i + 3)?).ok()?;
            out.push(u8::from_str_radix(hex, 16).ok()?);
            i += 3;
        } else {
            out.push(bytes[i]);
            i += 1;
        }
    }
    String::from_utf8(out).ok()
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    /// A schema of `levels` definitions, each applying the next twice.
    fn doubling(levels: usize) -> Value {
        let mut defs = Map::new();
        for i in 0..levels {
            let next = json!({"$ref": format!("#/$defs/d{}", i + 1)});
            let def = if i + 1 < levels {
                json!({"allOf": [next, next]})
            } else {
                json!({"type": "string"})
            };
            defs.insert(format!("d{i}"), def);
        }
        json!({"type": "object", "$defs": defs, "properties": {"x": {"$ref": "#/$defs/d0"}}})
    }

    #[test]
    fn counts_the_keywords_applied_to_each_part() {
        let schema = json!({"type": "object", "properties": {
            "a": {"type": "string"}, "b": {"type": "array", "items": {"type": "integer", "minimum": 0}}
        }});
        // The root's 2 keywords, a's 1, b's 2 and its items' 2 each.
        assert_eq!(
            validation_steps(&schema, &json!({"a": "x", "b": [1, 2, 3]})),
            Some(2 + 1 + 2 + 3 * 2)
        );
        assert_eq!(validation_steps(&schema, &json!({})), Some(2));
    }

    #[test]
    fn a_reference_applied_twice_per_level_doubles_until_the_budget() {
        let steps = |levels| validation_steps(&doubling(levels), &json!({"x": 1}));
        // The root's 3 keywords and x's reference, then twice as many
        // references per level (each an allOf of two): 2^(levels + 1) + 1.
        for levels in 1..=15 {
            assert_eq!(steps(levels), Some((1 << (levels + 1)) + 1), "{levels}");
        }
        assert_eq!(steps(16), None);
        assert_eq!(steps(40), None);
    }

    #[test]
    fn a_reference_cycle_stops_where_the_validator_stops_it() {
        let cycles = [
            json!({"$ref": "#"}),
            json!({"allOf": [{"$ref": "#"}, {"$ref": "#"}]}),
            json!({"$defs": {"a": {"$ref": "#/$defs/b"}, "b": {"$ref": "#/$defs/a"}}, "$ref": "#/$defs/a"}),
        ];
        for schema in cycles {
            let steps = validation_steps(&schema, &json!(1));
            assert!(steps.is_some_and(|s| s < 20), "{schema}: {steps:?}");
        }
    }

    #[test]
    fn a_recursive_schema_costs_what_the_value_holds() {
        let tree = json!({"$defs": {"node": {"type": "object", "properties": {
            "children": {"type": "array", "items": {"$ref": "#/$defs/node"}}
        }}}, "$ref": "#/$defs/node"});
        let mut value = json!({});
        for _ in 0..60 {
            value = json!({"children": [value, {}]});
        }
        let steps = validation_steps(&tree, &value).unwrap();
        assert!(steps < 1_000, "{steps}");
    }

    #[test]
    fn references_it_cannot_follow_as_the_validator_does_are_not_counted() {
        let unfollowable = [
            json!({"$ref": "#thing"}),
            json!({"$ref": "other.json"}),
            json!({"$ref": "#/$defs/missing"}),
            json!({"$ref": "#/$defs/a%2"}),
            json!({"$defs": {"a": {"$id": "https://example.com/a", "$defs": {"b": {}}}}, "$ref": "#/$defs/a/$defs/b"}),
            json!({"properties": {"x": {"$id": "https://example.com/x", "$ref": "#"}}}),
        ];
        for schema in unfollowable {
            assert_eq!(
                validation_steps(&schema, &json!({"x": 1})),
                None,
                "{schema}"
            );
        }
        let escaped = json!({"$defs": {"a b/c": {"type": "string"}}, "$ref": "#/$defs/a%20b~1c"});
        assert_eq!(validation_steps(&escaped, &json!("x")), Some(2 + 1));
    }

    #[test]
    fn deep_nesting_is_not_walked() {
        let mut schema = json!({"type": "string"});
        for _ in 0..MAX_DEPTH + 1 {
            schema = json!({"allOf": [schema]});
        }
        assert_eq!(validation_steps(&schema, &json!("x")), None);
    }
}
