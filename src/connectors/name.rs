//! The connector naming codec (spec §11.1): `connectors__<connector>__<tool>`.

/// Prefix of every composed connector name.
pub(crate) const PREFIX: &str = "connectors__";

/// True when `name` claims to be a connector tool (it may still be malformed).
pub(crate) fn is_connector_name(name: &str) -> bool {
    name.starts_with(PREFIX)
}

/// A parsed connector name.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) struct ConnectorName {
    /// The connector segment, case preserved.
    pub connector: String,
    /// The tool segment (it keeps its own underscores).
    pub tool: String,
}

impl ConnectorName {
    /// Splits on `__` at most twice; valid with three parts, the first
    /// `connectors`, the others non-empty. `connectors__execute` never parses.
    pub(crate) fn parse(name: &str) -> Option<ConnectorName> {
        let mut parts = name.splitn(3, "__");
        let (Some("connectors"), Some(connector), Some(tool)) =
            (parts.next(), parts.next(), parts.next())
        else {
            return None;
        };
        if connector.is_empty() || tool.is_empty() {
            return None;
        }
        Some(ConnectorName {
            connector: connector.to_owned(),
            tool: tool.to_owned(),
        })
    }

    /// The composed name of gateway slug `slug` of `connector` (lowercased by
    /// the caller): a leading `UPPER(connector)_` is removed from the slug.
    pub(crate) fn compose(connector: &str, slug: &str) -> String {
        let prefix = format!("{}_", connector.to_uppercase());
        let tool = slug.strip_prefix(&prefix).unwrap_or(slug);
        format!("{PREFIX}{connector}__{tool}")
    }

    /// The gateway slug with the vendor prefix restored: `UPPER(connector)_tool`.
    pub(crate) fn prefixed_slug(&self) -> String {
        format!("{}_{}", self.connector.to_uppercase(), self.tool)
    }

    /// Wire-slug candidates in order: the prefixed slug, then the literal tool.
    pub(crate) fn slug_candidates(&self) -> Vec<String> {
        let prefixed = self.prefixed_slug();
        if prefixed == self.tool {
            vec![prefixed]
        } else {
            vec![prefixed, self.tool.clone()]
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parses_and_rejects() {
        let n = ConnectorName::parse("connectors__gmail__SEND_EMAIL").unwrap();
        assert_eq!(
            (n.connector.as_str(), n.tool.as_str()),
            ("gmail", "SEND_EMAIL")
        );
        let n = ConnectorName::parse("connectors__Linear__a__b").unwrap();
        assert_eq!((n.connector.as_str(), n.tool.as_str()), ("Linear", "a__b"));
        for bad in [
            "connectors__execute",
            "connectors____x",
            "connectors__gmail__",
            "gmail__x__y",
            "connectors__",
        ] {
            assert_eq!(ConnectorName::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn composes_and_restores_slugs() {
        assert_eq!(
            ConnectorName::compose("gmail", "GMAIL_SEND_EMAIL"),
            "connectors__gmail__SEND_EMAIL"
        );
        assert_eq!(
            ConnectorName::compose("granola", "GRANOLA_MCP_GET_MEETINGS"),
            "connectors__granola__MCP_GET_MEETINGS"
        );
        assert_eq!(
            ConnectorName::compose("gmail", "SEND"),
            "connectors__gmail__SEND"
        );
        let n = ConnectorName::parse("connectors__gmail__SEND_EMAIL").unwrap();
        assert_eq!(n.slug_candidates(), ["GMAIL_SEND_EMAIL", "SEND_EMAIL"]);
    }
}
