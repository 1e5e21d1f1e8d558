//! Listing blocks and their degradation across the budget (spec §7.2-7.4):
//! every group full, then every group names-only, then the largest groups
//! summarised one at a time, then nothing.

use std::collections::BTreeMap;

use serde::Serialize;

use crate::session::DeclaredSource;
use crate::text::estimate_tokens;

/// The words of a listing; `bridge::messages::LISTING` writes them.
#[derive(Debug, Clone, Copy)]
pub struct ListingWords {
    /// The first line of every listing.
    pub header: &'static str,
    /// A group's heading, from its label and tool count.
    pub heading: fn(&str, usize) -> String,
    /// The line of a summarised group, from its label and tool count.
    pub summary: fn(&str, usize) -> String,
    /// The line of a declared source whose tools are unavailable, from its
    /// name, tool count (when known) and why.
    pub unavailable: fn(&str, Option<u64>, &str) -> String,
}

/// How much of the catalog the listing shows.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum ListingForm {
    /// Every tool with its short description.
    Full,
    /// Every tool name, one line per group.
    Names,
    /// Some groups by name, the largest summarised.
    Mixed,
    /// Every group summarised.
    Groups,
    /// No listing.
    None,
}

/// One group of the listing in each of its three renderings.
#[derive(Debug, Clone)]
struct Group {
    label: String,
    full: String,
    names: String,
    summary: String,
}

/// A block of the document: a tool group or a hidden declared-source row.
#[derive(Debug, Clone)]
enum Block {
    Group(Group),
    Hidden(String),
}

/// The renderable listing of one catalog: its blocks in document order.
#[derive(Debug, Clone, Default)]
pub struct Blocks {
    header: &'static str,
    blocks: Vec<Block>,
}

/// How one group is shown.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Full,
    Names,
    Summary,
}

impl Blocks {
    /// Groups `(label, name, short description)` items by label and adds the
    /// hidden declared rows (a label present in both keeps its group).
    pub fn new<'a>(
        items: impl IntoIterator<Item = (&'a str, &'a str, String)>,
        hidden: &[DeclaredSource],
        words: &ListingWords,
    ) -> Blocks {
        let mut by_label: BTreeMap<&str, Vec<(&str, String)>> = BTreeMap::new();
        for (label, name, short) in items {
            by_label.entry(label).or_default().push((name, short));
        }
        let mut keyed: Vec<(String, Block)> = by_label
            .into_iter()
            .map(|(label, mut tools)| {
                tools.sort_unstable();
                (label.to_owned(), Block::Group(group(label, &tools, words)))
            })
            .collect();
        for row in hidden {
            if keyed.iter().any(|(key, _)| *key == row.name) {
                continue;
            }
            let line = (words.unavailable)(&row.name, row.tool_count, &row.unavailable);
            keyed.push((row.name.clone(), Block::Hidden(line)));
        }
        // Keys are unique: a hidden row whose label has a group is skipped.
        keyed.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        Blocks {
            header: words.header,
            blocks: keyed.into_iter().map(|(_, block)| block).collect(),
        }
    }

    /// The listing that fits `budget` tokens, and its form (§7.4).
    pub fn render(&self, budget: usize) -> (Option<String>, ListingForm) {
        if self.blocks.is_empty() {
            return (None, ListingForm::None);
        }
        let groups: Vec<&Group> = self
            .blocks
            .iter()
            .filter_map(|b| match b {
                Block::Group(g) => Some(g),
                Block::Hidden(_) => None,
            })
            .collect();
        let mut modes = vec![Mode::Full; groups.len()];
        if self.fits(&groups, &modes, budget) {
            return (Some(self.document(&groups, &modes)), ListingForm::Full);
        }
        modes.fill(Mode::Names);
        if self.fits(&groups, &modes, budget) {
            return (Some(self.document(&groups, &modes)), ListingForm::Names);
        }
        let mut order: Vec<usize> = (0..groups.len()).collect();
        // Labels are unique, so the order is total.
        order.sort_unstable_by(|&a, &b| {
            let (ga, gb) = (groups[a], groups[b]);
            chars(&gb.names)
                .cmp(&chars(&ga.names))
                .then_with(|| ga.label.cmp(&gb.label))
        });
        for (switched, &at) in order.iter().enumerate() {
            modes[at] = Mode::Summary;
            if self.fits(&groups, &modes, budget) {
                let form = if switched + 1 == groups.len() {
                    ListingForm::Groups
                } else {
                    ListingForm::Mixed
                };
                return (Some(self.document(&groups, &modes)), form);
            }
        }
        (None, ListingForm::None)
    }

    fn fits(&self, groups: &[&Group], modes: &[Mode], budget: usize) -> bool {
        let mut total = chars(self.header);
        let mut group_at = 0;
        for block in &self.blocks {
            total += 1 + match block {
                Block::Hidden(row) => chars(row),
                Block::Group(_) => {
                    let text = shown(groups[group_at], modes[group_at]);
                    group_at += 1;
                    chars(text)
                }
            };
        }
        estimate_tokens(total) <= budget
    }

    fn document(&self, groups: &[&Group], modes: &[Mode]) -> String {
        let mut lines = vec![self.header];
        let mut group_at = 0;
        for block in &self.blocks {
            lines.push(match block {
                Block::Hidden(row) => row,
                Block::Group(_) => {
                    let text = shown(groups[group_at], modes[group_at]);
                    group_at += 1;
                    text
                }
            });
        }
        lines.join("\n")
    }
}

fn shown(group: &Group, mode: Mode) -> &str {
    match mode {
        Mode::Full => &group.full,
        Mode::Names => &group.names,
        Mode::Summary => &group.summary,
    }
}

fn chars(text: &str) -> usize {
    text.chars().count()
}

/// The three renderings of a group whose tools are sorted by (name, short).
fn group(label: &str, tools: &[(&str, String)], words: &ListingWords) -> Group {
    let heading = (words.heading)(label, tools.len());
    let mut full = heading.clone();
    for (name, short) in tools {
        full.push('\n');
        if short.is_empty() {
            full.push_str(&format!("- {name}"));
        } else {
            full.push_str(&format!("- {name}: {short}"));
        }
    }
    let names: Vec<&str> = tools.iter().map(|(name, _)| *name).collect();
    Group {
        label: label.to_owned(),
        full,
        names: format!("{heading}\n{}", names.join(", ")),
        summary: (words.summary)(label, tools.len()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::bridge::messages::LISTING;

    fn items() -> Vec<(&'static str, &'static str, String)> {
        let mut items = vec![
            ("github", "list_issues", "List issues.".to_owned()),
            ("github", "create_issue", "Open an issue.".to_owned()),
        ];
        for i in 0..12 {
            items.push((
                "stripe",
                [
                    "a_tool", "b_tool", "c_tool", "d_tool", "e_tool", "f_tool", "g_tool", "h_tool",
                    "i_tool", "j_tool", "k_tool", "l_tool",
                ][i],
                "Charge money.".to_owned(),
            ));
        }
        items
    }

    fn grafana() -> DeclaredSource {
        DeclaredSource {
            name: "grafana".into(),
            tool_count: Some(3),
            unavailable: "Grafana is not running. Start Grafana, then try again.".into(),
        }
    }

    #[test]
    fn full_when_it_fits() {
        let blocks = Blocks::new(items(), &[grafana()], &LISTING);
        let (text, form) = blocks.render(10_000);
        assert_eq!(form, ListingForm::Full);
        let text = text.unwrap();
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], LISTING.header);
        assert_eq!(lines[1], "github tools (2):");
        assert_eq!(lines[2], "- create_issue: Open an issue.");
        assert_eq!(lines[3], "- list_issues: List issues.");
        assert_eq!(
            lines[4],
            "grafana (3 tools unavailable: Grafana is not running. Start Grafana, then try again.)"
        );
        assert_eq!(lines[5], "stripe tools (12):");
        assert!(!text.ends_with('\n'));
    }

    #[test]
    fn degrades_largest_group_first() {
        let blocks = Blocks::new(items(), &[grafana()], &LISTING);
        let budget_of = |text: &str| estimate_tokens(text.chars().count());
        let names = blocks.document(
            &blocks
                .blocks
                .iter()
                .filter_map(|b| {
                    if let Block::Group(g) = b {
                        Some(g)
                    } else {
                        None
                    }
                })
                .collect::<Vec<_>>(),
            &[Mode::Names, Mode::Names],
        );
        let (text, form) = blocks.render(budget_of(&names));
        assert_eq!(form, ListingForm::Names);
        assert_eq!(text.unwrap(), names);
        let (text, form) = blocks.render(budget_of(&names) - 1);
        assert_eq!(form, ListingForm::Mixed);
        let text = text.unwrap();
        assert!(text.contains("github tools (2):\ncreate_issue, list_issues"));
        assert!(text
            .contains("stripe (12 tools \u{2014} names not listed; discover via `tool_search`)"));
        // Summarising github would lengthen it: nothing shorter exists.
        assert_eq!(
            blocks.render(budget_of(&text) - 1),
            (None, ListingForm::None)
        );
        assert_eq!(blocks.render(0), (None, ListingForm::None));
    }

    #[test]
    fn groups_when_every_group_is_summarised() {
        let names: Vec<String> = (0..40).map(|i| format!("tool_number_{i:02}")).collect();
        let items = names.iter().flat_map(|n| {
            [
                ("alpha", n.as_str(), String::new()),
                ("beta", n.as_str(), String::new()),
            ]
        });
        let blocks = Blocks::new(items, &[], &LISTING);
        let (text, form) = blocks.render(60);
        assert_eq!(form, ListingForm::Groups);
        assert_eq!(
            text.unwrap(),
            format!(
                "{}\nalpha (40 tools \u{2014} names not listed; discover via `tool_search`)\nbeta (40 tools \u{2014} names not listed; discover via `tool_search`)",
                LISTING.header
            )
        );
    }

    #[test]
    fn hidden_rows_alone_and_without_counts() {
        let mut row = grafana();
        row.tool_count = None;
        let (text, form) = Blocks::new(Vec::new(), &[row], &LISTING).render(1000);
        assert_eq!(form, ListingForm::Full);
        assert!(text.unwrap().ends_with(
            "\ngrafana (tools unavailable: Grafana is not running. Start Grafana, then try again.)"
        ));
        assert_eq!(
            Blocks::new(Vec::new(), &[], &LISTING).render(1000),
            (None, ListingForm::None)
        );
    }

    #[test]
    fn an_available_group_hides_a_declared_row_of_the_same_name() {
        let mut row = grafana();
        row.name = "github".into();
        let (text, _) = Blocks::new(items(), &[row], &LISTING).render(10_000);
        assert!(!text.unwrap().contains("unavailable"));
    }
}
