//! The rules of the enhanced ranking, each of which a benchmark can switch
//! off (`config.ranking_ablation`): configuration the ranking reads, in its
//! analysis, scoring and search alike.

/// Rules of the enhanced ranking that can be switched off (benchmark
/// ablation, `config.ranking_ablation`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Rules {
    /// Alternatives from the English glossary (`lang/en.tsv`).
    pub glossary: bool,
    /// Alternatives learned from the catalog.
    pub catalog: bool,
    /// Values, names and message bodies of requests set apart.
    pub details: bool,
    /// Field weights (else every field counts alike).
    pub fields: bool,
    /// The confidence label (else every group is labelled high).
    pub decision: bool,
    /// The label judged on the surest sentence of a request (else on the
    /// whole request only).
    pub sentences: bool,
    /// Concepts written side by side in a tool's text add to its score.
    pub proximity: bool,
    /// Queries in other languages recognised and rewritten into English
    /// (`lang/*.tsv` but English; else read as English).
    pub translation: bool,
    /// Concepts a request implies without naming them: a value's kind
    /// (`@value-*`) and the phrases of `@implied` ("how many", ...).
    pub implied: bool,
    /// A negated word ("don't", "not", ...) is left out of the query.
    pub negation: bool,
    /// A catalog name, in any spelling, ranks its tools first.
    pub exact_names: bool,
    /// A request that asks for several things gets the best tool of each
    /// among its first.
    pub needs: bool,
    /// A plain BM25 of the request's own words is a leg of the ranking,
    /// fused with the rules' (and its best tools are candidates).
    pub bm25: bool,
}

/// The field of one rule in [`Rules`].
type RuleField = fn(&mut Rules) -> &mut bool;

/// Each rule's name, as `ranking_ablation` takes it, and its field: the
/// one list that ties the names to the rules.
const SWITCHES: [(&str, RuleField); 13] = [
    ("glossary", |r| &mut r.glossary),
    ("catalog", |r| &mut r.catalog),
    ("details", |r| &mut r.details),
    ("fields", |r| &mut r.fields),
    ("decision", |r| &mut r.decision),
    ("sentences", |r| &mut r.sentences),
    ("proximity", |r| &mut r.proximity),
    ("translation", |r| &mut r.translation),
    ("implied", |r| &mut r.implied),
    ("negation", |r| &mut r.negation),
    ("exact_names", |r| &mut r.exact_names),
    ("needs", |r| &mut r.needs),
    ("bm25", |r| &mut r.bm25),
];

impl Rules {
    /// The rule names, as `ranking_ablation` takes them, in order.
    pub fn names() -> impl Iterator<Item = &'static str> {
        SWITCHES.iter().map(|(name, _)| *name)
    }

    /// Every rule on but those `names` switch off (`ranking_ablation`).
    pub fn without(names: &[String]) -> Rules {
        let mut rules = Rules::default();
        for name in names {
            rules.switch_off(name);
        }
        rules
    }

    /// Switches the rule `name` off; false for an unknown name.
    pub fn switch_off(&mut self, name: &str) -> bool {
        let Some((_, field)) = SWITCHES.iter().find(|(known, _)| *known == name) else {
            return false;
        };
        *field(self) = false;
        true
    }
}

impl Default for Rules {
    fn default() -> Rules {
        Rules {
            glossary: true,
            catalog: true,
            details: true,
            fields: true,
            decision: true,
            sentences: true,
            proximity: true,
            translation: true,
            implied: true,
            negation: true,
            exact_names: true,
            needs: true,
            bm25: true,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rule_name_switches_off_one_rule_of_its_own() {
        let mut all = Rules::default();
        for name in Rules::names() {
            let alone = Rules::without(&[name.to_owned()]);
            assert_ne!(alone, Rules::default(), "{name} switches nothing off");
            // Exactly one rule differs from the default: switching it off in
            // every other one-rule set changes nothing there.
            for other in Rules::names().filter(|other| *other != name) {
                let mut both = Rules::without(&[other.to_owned()]);
                assert!(both.switch_off(name));
                assert_ne!(
                    both,
                    Rules::without(&[other.to_owned()]),
                    "{name} and {other} share a rule"
                );
            }
            assert!(all.switch_off(name));
        }
        // Every field is some name's: with all names off, every rule is off.
        let Rules {
            glossary,
            catalog,
            details,
            fields,
            decision,
            sentences,
            proximity,
            translation,
            implied,
            negation,
            exact_names,
            needs,
            bm25,
        } = all;
        let on = glossary
            || catalog
            || details
            || fields
            || decision
            || sentences
            || proximity
            || translation
            || implied
            || negation
            || exact_names
            || needs
            || bm25;
        assert!(!on);
        assert!(!Rules::default().switch_off("nonsense"));
    }
}
