//! Index snapshots: a catalog's search indexes as bytes a host can cache and
//! restore at its next start, keyed by a digest of the catalog. Bytes of
//! another catalog, another version or damaged in the cache are refused,
//! never used: the index is then built as usual.
//!
//! Layout: `TSIX`; the text `{version}/{format}` (length first); the
//! catalog's fingerprint without parameter text (16 bytes); a digest of that
//! text, the fingerprint and the body (16 bytes); then the body: the
//! reference index, and, when it was built, the catalog's fingerprint with
//! parameter text (16 bytes) and the enhanced index.
//!
//! The bytes are untrusted: the digest is public, so anyone who can write a
//! host's cache can sign a snapshot. Reading one therefore allocates in
//! proportion to the catalog it claims, never to the counts it declares
//! (`Catalog::text_bytes`), and each document must hold the words of its
//! tool's name, so documents swapped or taken from another catalog are
//! refused. What this cannot see is a coherent snapshot whose other terms
//! or term weights were changed (a weight is checked to be one BM25F can
//! give, no more): it can reorder answers, never add a tool or change what a
//! call runs. A host whose cache other programs may write should keep its
//! snapshots where they cannot, or not import them.

use std::fmt;

use crate::bytes::{Corrupt, Digest, Reader, Writer};
use crate::catalog::{holds_name, Catalog, Entry};
use crate::enhanced::EnhancedIndex;
use crate::search::Index;

const MAGIC: &[u8; 4] = b"TSIX";
/// Changes whenever what is written, or how an index is built, changes.
const FORMAT: u64 = 3;
const VERSION: &str = env!("CARGO_PKG_VERSION");
/// Characters of a snapshot's version quoted in a refusal.
const VERSION_CHARS: usize = 40;

/// Why a snapshot was not used.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refusal {
    /// The bytes are no snapshot of this library.
    NotASnapshot,
    /// Written by another version (or format) of the library.
    OtherVersion(String),
    /// Of a catalog other than the session's.
    OtherCatalog,
    /// Damaged: the body does not match its digest or does not decode.
    Damaged,
    /// Sound, but the instance had built every index it holds already.
    NotNeeded,
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refusal::NotASnapshot => f.write_str("these bytes are not a toolsearch index snapshot"),
            Refusal::OtherVersion(version) => write!(
                f,
                "the snapshot was written by toolsearch {version}, and this is {VERSION} (format {FORMAT})"
            ),
            Refusal::OtherCatalog => f.write_str(
                "the snapshot is of another catalog: the session's deferred tools differ from those it was taken of, or come in another order",
            ),
            Refusal::Damaged => f.write_str("the snapshot is damaged"),
            Refusal::NotNeeded => f.write_str(
                "the snapshot was not needed: this instance had built the session's indexes already",
            ),
        }
    }
}

/// What a snapshot restores.
#[derive(Debug)]
pub(crate) struct Restored {
    /// The reference (spec §6) index.
    pub index: Index,
    /// The enhanced index, when the snapshot holds one.
    pub enhanced: Option<EnhancedIndex>,
}

/// The snapshot of `catalog`'s indexes.
pub(crate) fn write(catalog: &Catalog, enhanced: Option<&EnhancedIndex>) -> Vec<u8> {
    let mut body = Writer::default();
    catalog.index().write(&mut body);
    match enhanced {
        Some(enhanced) => {
            body.number(1);
            body.raw(&Catalog::fingerprint(catalog.entries(), true));
            enhanced.write(&mut body);
        }
        None => body.number(0),
    }
    signed(catalog.entries(), &body.into_bytes())
}

/// The snapshot of `body` for `entries`: its header, digest and body.
fn signed(entries: &[Entry], body: &[u8]) -> Vec<u8> {
    let version = format!("{VERSION}/{FORMAT}");
    let fingerprint = Catalog::fingerprint(entries, false);
    let mut out = Writer::default();
    out.raw(MAGIC);
    out.text(&version);
    out.raw(&fingerprint);
    out.raw(&checksum(&version, &fingerprint, body));
    out.raw(body);
    out.into_bytes()
}

/// The digest that makes any change to a snapshot's bytes show.
fn checksum(version: &str, fingerprint: &[u8], body: &[u8]) -> [u8; 16] {
    let mut digest = Digest::default();
    digest.text(version);
    digest.update(fingerprint);
    digest.update(body);
    digest.finish()
}

/// The indexes of `bytes`, when they are a sound snapshot of `entries`. An
/// enhanced index of other parameter text (a host on the reference ranking
/// does not send it) is left out, to be built when first needed.
pub(crate) fn read(bytes: &[u8], entries: &[Entry]) -> Result<Restored, Refusal> {
    let mut r = Reader::new(bytes);
    if r.raw(MAGIC.len()) != Ok(MAGIC) {
        return Err(Refusal::NotASnapshot);
    }
    let version = r.text().map_err(|_| Refusal::Damaged)?;
    if version != format!("{VERSION}/{FORMAT}") {
        // Quoted in the refusal, so cut: the bytes may be anyone's.
        let version = crate::text::clip(version, VERSION_CHARS, "…");
        return Err(Refusal::OtherVersion(version.replace('/', " format ")));
    }
    let (fingerprint, sum) = match (r.raw(16), r.raw(16)) {
        (Ok(fingerprint), Ok(sum)) => (fingerprint, sum),
        _ => return Err(Refusal::Damaged),
    };
    let body = r.rest();
    if checksum(version, fingerprint, body) != sum {
        return Err(Refusal::Damaged);
    }
    if fingerprint != Catalog::fingerprint(entries, false) {
        return Err(Refusal::OtherCatalog);
    }
    read_body(body, entries).map_err(|Corrupt| Refusal::Damaged)
}

fn read_body(body: &[u8], entries: &[Entry]) -> Result<Restored, Corrupt> {
    let mut r = Reader::new(body);
    let index = Index::read(&mut r, Catalog::text_bytes(entries))?;
    let coherent = (0..)
        .zip(entries)
        .all(|(doc, e)| holds_name(&index, doc, &e.tool.def));
    if index.len() != entries.len() || !coherent {
        return Err(Corrupt);
    }
    let enhanced = match r.number()? {
        0 => None,
        1 if r.raw(16)? == Catalog::fingerprint(entries, true) => {
            Some(EnhancedIndex::read(&mut r, entries)?)
        }
        1 => {
            return Ok(Restored {
                index,
                enhanced: None,
            })
        }
        _ => return Err(Corrupt),
    };
    r.finish()?;
    Ok(Restored { index, enhanced })
}

#[cfg(test)]
mod tests {
    use std::rc::Rc;

    use serde_json::json;

    use super::*;
    use crate::bytes::Writer;
    use crate::session::tooldef::ToolDef;
    use crate::session::SessionTool;

    fn entries() -> Vec<Entry> {
        let tools: Vec<Rc<SessionTool>> = [
            json!({"name": "mcp__git__createPullRequest", "description": "Open a pull request from a branch",
                "inputSchema": {"type": "object", "properties": {"head": {"type": "string", "description": "Source branch"}}}}),
            json!({"name": "mcp__git__list_branches", "description": "List branches"}),
            json!({"name": "mcp__mail__send", "description": "Send an e-mail to résumé contacts",
                "inputSchema": {"type": "object", "properties": {"format": {"enum": ["html", "text"]}}}}),
            json!({"name": "no_description"}),
        ]
        .iter()
        .map(|def| {
            Rc::new(SessionTool {
                def: ToolDef::read(def),
                toolset: Some("mcp-x".to_owned()),
                owner: None,
            })
        })
        .collect();
        Catalog::entries_of(&tools, &[0, 1, 2, 3])
    }

    #[test]
    fn reads_back_the_very_indexes_it_wrote() {
        let catalog = Catalog::build(
            &entries()
                .iter()
                .map(|e| Rc::clone(&e.tool))
                .collect::<Vec<_>>(),
            &[0, 1, 2, 3],
        );
        let enhanced = EnhancedIndex::build(catalog.entries());
        let bytes = write(&catalog, Some(&enhanced));
        let restored = read(&bytes, &entries()).unwrap();
        assert_eq!(&restored.index, catalog.index());
        assert_eq!(restored.enhanced.unwrap().fields, enhanced.fields);
        let without = read(&write(&catalog, None), &entries()).unwrap();
        assert!(without.enhanced.is_none());
    }

    #[test]
    fn an_enhanced_index_of_other_parameter_text_is_left_out() {
        // A host on the reference ranking sends no parameter text.
        let tools = |param_text: bool| -> Vec<Rc<SessionTool>> {
            entries()
                .iter()
                .map(|e| {
                    let mut tool = (*e.tool).clone();
                    if !param_text {
                        tool.def.param_text.clear();
                    }
                    Rc::new(tool)
                })
                .collect()
        };
        let with_text = Catalog::build(&tools(true), &[0, 1, 2, 3]);
        let bytes = write(&with_text, Some(&EnhancedIndex::build(with_text.entries())));
        let without_text = Catalog::entries_of(&tools(false), &[0, 1, 2, 3]);
        let restored = read(&bytes, &without_text).unwrap();
        assert_eq!(&restored.index, with_text.index());
        assert!(restored.enhanced.is_none());
        assert!(read(&bytes, with_text.entries())
            .unwrap()
            .enhanced
            .is_some());
    }

    /// A snapshot that claims `entries` whatever its body holds, signed as
    /// anyone who can write the cache can sign one (the digest is public).
    fn forged(entries: &[Entry], index: &Index, enhanced: Option<&[u8]>) -> Vec<u8> {
        let mut body = Writer::default();
        index.write(&mut body);
        match enhanced {
            Some(section) => {
                body.number(1);
                body.raw(&Catalog::fingerprint(entries, true));
                body.raw(section);
            }
            None => body.number(0),
        }
        signed(entries, &body.into_bytes())
    }

    fn tools_of(entries: &[Entry]) -> Vec<Rc<SessionTool>> {
        entries.iter().map(|e| Rc::clone(&e.tool)).collect()
    }

    #[test]
    fn a_forged_snapshot_of_swapped_documents_is_refused() {
        let claimed = entries();
        let mut tools = tools_of(&claimed);
        tools.swap(0, 2);
        let swapped = Catalog::build(&tools, &[0, 1, 2, 3]);
        let bytes = forged(&claimed, swapped.index(), None);
        assert_eq!(read(&bytes, &claimed).err(), Some(Refusal::Damaged));
        // The enhanced section of swapped documents, under a sound reference one.
        let mut section = Writer::default();
        EnhancedIndex::build(swapped.entries()).write(&mut section);
        let sound = Catalog::build(&tools_of(&claimed), &[0, 1, 2, 3]);
        let bytes = forged(&claimed, sound.index(), Some(&section.into_bytes()));
        assert_eq!(read(&bytes, &claimed).err(), Some(Refusal::Damaged));
        // Signed the same way, the true indexes are read.
        let mut section = Writer::default();
        EnhancedIndex::build(sound.entries()).write(&mut section);
        let bytes = forged(&claimed, sound.index(), Some(&section.into_bytes()));
        assert!(read(&bytes, &claimed).unwrap().enhanced.is_some());
    }

    /// Counts the bytes each thread allocates, so that a test can see what
    /// a read costs in memory.
    struct Counting;

    thread_local! {
        static ALLOCATED: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
    }

    #[global_allocator]
    static COUNTING: Counting = Counting;

    unsafe impl std::alloc::GlobalAlloc for Counting {
        unsafe fn alloc(&self, layout: std::alloc::Layout) -> *mut u8 {
            ALLOCATED.with(|a| a.set(a.get() + layout.size()));
            unsafe { std::alloc::System.alloc(layout) }
        }

        unsafe fn dealloc(&self, ptr: *mut u8, layout: std::alloc::Layout) {
            unsafe { std::alloc::System.dealloc(ptr, layout) }
        }
    }

    /// What `read` allocates (in all, freed or not) for `bytes`.
    fn allocated_by_read(bytes: &[u8], entries: &[Entry]) -> (Result<Restored, Refusal>, usize) {
        let before = ALLOCATED.with(std::cell::Cell::get);
        let restored = read(bytes, entries);
        (restored, ALLOCATED.with(std::cell::Cell::get) - before)
    }

    #[test]
    fn a_forged_snapshot_allocates_no_more_than_its_catalog() {
        let claimed = entries();
        let sound = Catalog::build(&tools_of(&claimed), &[0, 1, 2, 3]);
        // A million servers of no tools, two bytes each, then their tools.
        let mut section = Writer::default();
        section.number(0);
        section.number(1_000_000);
        for _ in 0..1_000_000 {
            section.text("");
            section.number(0);
        }
        section.number(claimed.len() as u64);
        let bytes = forged(&claimed, sound.index(), Some(&section.into_bytes()));
        let (restored, allocated) = allocated_by_read(&bytes, &claimed);
        assert_eq!(restored.err(), Some(Refusal::Damaged));
        assert!(
            allocated < 64 * 1024,
            "{allocated} bytes for {} of snapshot",
            bytes.len()
        );
        // A vocabulary far longer than the catalog's text.
        let words: Vec<String> = (0..100_000).map(|i| format!("w{i}")).collect();
        let mut section = Writer::default();
        section.number(words.len() as u64);
        words.iter().for_each(|w| section.text(w));
        let bytes = forged(&claimed, sound.index(), Some(&section.into_bytes()));
        assert_eq!(read(&bytes, &claimed).err(), Some(Refusal::Damaged));
        let mut vocabulary = Writer::default();
        vocabulary.number(words.len() as u64);
        words.iter().for_each(|w| vocabulary.text(w));
        assert_eq!(
            Index::read(
                &mut Reader::new(&vocabulary.into_bytes()),
                Catalog::text_bytes(&claimed)
            ),
            Err(Corrupt)
        );
    }

    #[test]
    fn refusals_say_why() {
        let catalog = Catalog::build(
            &entries()
                .iter()
                .map(|e| Rc::clone(&e.tool))
                .collect::<Vec<_>>(),
            &[0, 1, 2],
        );
        let bytes = write(&catalog, None);
        assert_eq!(read(&bytes, &entries()).err(), Some(Refusal::OtherCatalog));
        assert_eq!(read(&bytes, &entries()[..3]).err(), None);
        assert!(Refusal::OtherCatalog
            .to_string()
            .contains("another catalog"));
        let mut long = Writer::default();
        long.raw(MAGIC);
        long.text(&"9".repeat(1 << 20));
        let Some(Refusal::OtherVersion(quoted)) = read(&long.into_bytes(), &entries()).err() else {
            panic!("not refused as another version")
        };
        assert_eq!(quoted.chars().count(), VERSION_CHARS + 1);
        assert!(Refusal::OtherVersion("0.0.1 format 1".into())
            .to_string()
            .contains("toolsearch 0.0.1"));
    }
}
