//! The search guard (a library extension; on under the enhanced ranking):
//! what `tool_search` and `tool_describe` already gave in one turn of the
//! host's agent, named by `ctx.turn`. A search that brings no tool the turn
//! has not seen is answered short, naming what it found; past
//! `max_searches_per_turn` every search is refused, naming what the turn
//! found; a name described earlier in the turn is not described again.
//! Looping agents in users' reports searched 15 to 1,500 times in a turn,
//! the same words or new ones, and ignored notices of exact repeats.

use std::cell::RefCell;
use std::collections::VecDeque;

use super::error::BridgeError;
use crate::search::FastSet;

/// Turns remembered at once: the oldest is forgotten first.
pub(crate) const TURNS_KEPT: usize = 64;

/// Names remembered per turn (shown, described), bounding its memory.
pub(crate) const NAMES_KEPT: usize = 4096;

/// What the bridges gave in the turns remembered, newest last. Each method
/// borrows the turns only while it runs: no borrow is held while the
/// engine reads the host's objects, whose getters could call it again.
#[derive(Debug, Default)]
pub(crate) struct Guard {
    turns: RefCell<VecDeque<(String, TurnLog)>>,
}

impl Guard {
    /// Runs `read` on the log of `turn`, begun when it is new.
    fn with<T>(&self, turn: &str, read: impl FnOnce(&mut TurnLog) -> T) -> T {
        let mut turns = self.turns.borrow_mut();
        let at = match turns.iter().position(|(name, _)| name == turn) {
            Some(at) => at,
            None => {
                if turns.len() >= TURNS_KEPT {
                    turns.pop_front();
                }
                turns.push_back((turn.to_owned(), TurnLog::default()));
                turns.len() - 1
            }
        };
        read(&mut turns[at].1)
    }

    /// Counts a search of `turn`, or refuses it past `max`, naming the
    /// tools the turn's searches showed.
    pub(crate) fn begin_search(&self, turn: &str, max: usize) -> Result<(), BridgeError> {
        self.with(turn, |log| {
            if log.searches >= max {
                return Err(BridgeError::SearchLimit {
                    searches: log.searches,
                    found: log.shown.clone(),
                });
            }
            log.searches += 1;
            Ok(())
        })
    }

    /// True when a search of `turn` showed `name`'s record.
    pub(crate) fn was_shown(&self, turn: &str, name: &str) -> bool {
        self.with(turn, |log| log.shown_set.contains(name))
    }

    /// True when some query of `turn` found nothing.
    pub(crate) fn found_nothing(&self, turn: &str) -> bool {
        self.with(turn, |log| log.found_nothing)
    }

    /// Notes what a search of `turn` showed, and whether a query found nothing.
    pub(crate) fn note_search<'n>(
        &self,
        turn: &str,
        shown: impl IntoIterator<Item = &'n str>,
        found_nothing: bool,
    ) {
        self.with(turn, |log| {
            for name in shown {
                if log.shown.len() < NAMES_KEPT && log.shown_set.insert(name.to_owned()) {
                    log.shown.push(name.to_owned());
                }
            }
            log.found_nothing |= found_nothing;
        });
    }

    /// True when a describe of `turn` gave `name`'s schema.
    pub(crate) fn was_described(&self, turn: &str, name: &str) -> bool {
        self.with(turn, |log| log.described.contains(name))
    }

    /// Notes the schemas a describe of `turn` gave.
    pub(crate) fn note_described<'n>(&self, turn: &str, names: impl IntoIterator<Item = &'n str>) {
        self.with(turn, |log| {
            for name in names {
                if log.described.len() < NAMES_KEPT {
                    log.described.insert(name.to_owned());
                }
            }
        });
    }
}

/// What one turn's bridges gave.
#[derive(Debug, Default)]
struct TurnLog {
    /// `tool_search` calls answered.
    searches: usize,
    /// Tools whose records a search showed, in the order first shown.
    shown: Vec<String>,
    shown_set: FastSet<String>,
    /// Some query of the turn found nothing.
    found_nothing: bool,
    /// Tools whose schemas a describe gave.
    described: FastSet<String>,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn turns_are_kept_apart_and_the_oldest_goes_first() {
        let guard = Guard::default();
        assert!(guard.begin_search("a", 2).is_ok());
        guard.note_search("b", ["x", "y", "x"], false);
        assert!(guard.was_shown("b", "y") && !guard.was_shown("a", "y"));
        assert!(guard.begin_search("a", 2).is_ok());
        let Err(BridgeError::SearchLimit { searches, found }) = guard.begin_search("a", 2) else {
            panic!("a third search of a is not refused");
        };
        assert_eq!((searches, found.len()), (2, 0));
        for i in 0..TURNS_KEPT {
            guard.found_nothing(&i.to_string());
        }
        assert_eq!(guard.turns.borrow().len(), TURNS_KEPT);
        assert!(guard.begin_search("a", 2).is_ok(), "forgotten, begun again");
    }

    #[test]
    fn a_turn_keeps_a_bounded_number_of_names() {
        let guard = Guard::default();
        let names: Vec<String> = (0..NAMES_KEPT + 10).map(|i| format!("n{i}")).collect();
        guard.note_search("t", names.iter().map(String::as_str), false);
        guard.note_described("t", names.iter().map(String::as_str));
        guard.with("t", |log| {
            assert_eq!(log.shown.len(), NAMES_KEPT);
            assert_eq!(log.shown_set.len(), NAMES_KEPT);
            assert_eq!(log.described.len(), NAMES_KEPT);
        });
    }
}
