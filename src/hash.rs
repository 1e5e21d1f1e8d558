//! A fast, keyed, non-cryptographic hasher for the index's string and
//! integer keys. Keys come from tool definitions, which under the MCP proxy
//! are what third-party servers send: the hash is keyed per process (the
//! wasm layer seeds it from `crypto.getRandomValues`, native code from the
//! standard library's random keys) and its result folded through a wide
//! multiply, so that keys written to collide (words that share their first
//! bytes, say) do not fill one bucket. SipHash made catalog building about
//! a third slower. No output depends on the iteration order of these maps.

use std::collections::{HashMap, HashSet};
use std::hash::{BuildHasher, Hasher};
use std::sync::OnceLock;

/// `HashMap` with [`FastHasher`].
pub type FastMap<K, V> = HashMap<K, V, FastState>;
/// `HashSet` with [`FastHasher`].
pub(crate) type FastSet<K> = HashSet<K, FastState>;

const SEED: u64 = 0x51_7c_c1_b7_27_22_0a_95;
/// The multiplier of the final fold.
const FOLD: u64 = 0x9e37_79b9_7f4a_7c15;

/// The process's key, set once.
static KEY: OnceLock<u64> = OnceLock::new();

/// Sets the process's hash key, before any map is built (the wasm layer
/// does, at start); later calls change nothing. Without it, the standard
/// library's random keys make one.
pub fn seed(key: u64) {
    let _ = KEY.set(key);
}

/// The key: as seeded, or natively the standard library's random keys (in
/// wasm `seed` runs at start, before any map is made).
fn key() -> u64 {
    *KEY.get_or_init(|| {
        #[cfg(not(target_arch = "wasm32"))]
        return std::collections::hash_map::RandomState::new().hash_one(SEED);
        #[cfg(target_arch = "wasm32")]
        SEED
    })
}

/// The hasher state of a map: the process's key, read when the map is made.
#[derive(Debug, Clone, Copy)]
pub struct FastState {
    key: u64,
}

impl Default for FastState {
    fn default() -> FastState {
        FastState { key: key() }
    }
}

impl BuildHasher for FastState {
    type Hasher = FastHasher;

    fn build_hasher(&self) -> FastHasher {
        FastHasher { hash: self.key }
    }
}

/// Multiply-rotate word hashing (the scheme rustc uses internally), started
/// from the key and folded at the end.
#[derive(Debug, Clone, Copy)]
pub struct FastHasher {
    hash: u64,
}

impl FastHasher {
    #[inline]
    fn add(&mut self, word: u64) {
        self.hash = (self.hash.rotate_left(5) ^ word).wrapping_mul(SEED);
    }
}

impl Hasher for FastHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.add(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.add(u64::from_le_bytes(word));
        }
    }

    fn write_u8(&mut self, n: u8) {
        self.add(u64::from(n));
    }

    fn write_u32(&mut self, n: u32) {
        self.add(u64::from(n));
    }

    fn write_u64(&mut self, n: u64) {
        self.add(n);
    }

    fn write_u128(&mut self, n: u128) {
        self.add(n as u64);
        self.add((n >> 64) as u64);
    }

    fn write_usize(&mut self, n: usize) {
        self.add(n as u64);
    }

    /// The state folded through a 64 × 64 → 128-bit multiply: every bit of
    /// the result depends on every bit of the state, where the low bits of
    /// a product depend only on the low bits of its factors (and hash maps
    /// pick buckets by low bits).
    fn finish(&self) -> u64 {
        let wide = u128::from(self.hash) * u128::from(FOLD);
        (wide as u64) ^ ((wide >> 64) as u64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn keys_written_to_collide_spread_over_the_buckets() {
        // 65,536 eight-letter words that share their first four bytes: the
        // low bits of a multiply-rotate state depend on those alone, so
        // without the fold they fell in 32 buckets of a table of 65,536.
        let state = FastState::default();
        let mut buckets = std::collections::HashSet::new();
        for i in 0..65_536u32 {
            let tail: String = i
                .to_le_bytes()
                .iter()
                .take(2)
                .map(|b| format!("{:02x}", b))
                .collect();
            let word = format!("same{tail}");
            buckets.insert(state.hash_one(word.as_str()) & 0xffff);
        }
        // A uniform hash fills about 1 - 1/e of them (41,427).
        assert!(buckets.len() > 38_000, "{} buckets", buckets.len());
    }

    #[test]
    fn one_state_hashes_alike_and_maps_work_whatever_the_key() {
        let state = FastState { key: 7 };
        assert_eq!(state.hash_one("tool"), state.hash_one("tool"));
        assert_ne!(
            state.hash_one("tool"),
            FastState { key: 8 }.hash_one("tool")
        );
        let mut map: FastMap<String, u32> = FastMap::default();
        map.insert("a".into(), 1);
        assert_eq!(map.get("a"), Some(&1));
    }
}
