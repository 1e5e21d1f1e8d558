//! A compact binary codec for index snapshots: unsigned LEB128 numbers and
//! length-prefixed UTF-8 text, and a 128-bit digest. Snapshot bytes come back
//! from a host's cache and may be anything, so every read is bounds-checked
//! and fails with [`Corrupt`]; none panics, and no count is trusted beyond
//! the bytes that remain, so what a reader allocates stays in proportion to
//! the bytes it reads.

/// Bytes that do not decode as what was written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Corrupt;

/// Appends numbers and text to a byte buffer.
#[derive(Debug, Default)]
pub struct Writer {
    bytes: Vec<u8>,
}

impl Writer {
    /// An unsigned number, 7 bits per byte.
    pub fn number(&mut self, mut n: u64) {
        while n >= 0x80 {
            self.bytes.push((n as u8) | 0x80);
            n >>= 7;
        }
        self.bytes.push(n as u8);
    }

    /// Text, its byte length first.
    pub fn text(&mut self, text: &str) {
        self.number(text.len() as u64);
        self.bytes.extend_from_slice(text.as_bytes());
    }

    /// Bytes as they are.
    pub fn raw(&mut self, bytes: &[u8]) {
        self.bytes.extend_from_slice(bytes);
    }

    /// Everything written.
    pub fn into_bytes(self) -> Vec<u8> {
        self.bytes
    }
}

/// Reads back what a [`Writer`] wrote.
#[derive(Debug)]
pub struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    /// Reads `bytes` from the start.
    pub fn new(bytes: &'a [u8]) -> Reader<'a> {
        Reader { bytes, at: 0 }
    }

    /// An unsigned number; more than 64 bits is corrupt.
    pub fn number(&mut self) -> Result<u64, Corrupt> {
        let mut n = 0u64;
        for shift in (0..64).step_by(7) {
            let byte = *self.bytes.get(self.at).ok_or(Corrupt)?;
            self.at += 1;
            let bits = u64::from(byte & 0x7f);
            if shift == 63 && bits > 1 {
                return Err(Corrupt);
            }
            n |= bits << shift;
            if byte & 0x80 == 0 {
                return Ok(n);
            }
        }
        Err(Corrupt)
    }

    /// A count of items that take at least a byte each: never more than the
    /// bytes left.
    pub fn count(&mut self) -> Result<usize, Corrupt> {
        let n = self.number()?;
        usize::try_from(n)
            .ok()
            .filter(|&n| n <= self.bytes.len() - self.at)
            .ok_or(Corrupt)
    }

    /// A number below `bound`.
    pub fn below(&mut self, bound: usize) -> Result<u32, Corrupt> {
        let n = self.number()?;
        u32::try_from(n)
            .ok()
            .filter(|&n| (n as usize) < bound)
            .ok_or(Corrupt)
    }

    /// A number that fits in a `u32`.
    pub fn small(&mut self) -> Result<u32, Corrupt> {
        u32::try_from(self.number()?).map_err(|_| Corrupt)
    }

    /// Text written by [`Writer::text`].
    pub fn text(&mut self) -> Result<&'a str, Corrupt> {
        let len = self.count()?;
        std::str::from_utf8(self.raw(len)?).map_err(|_| Corrupt)
    }

    /// The next `len` bytes.
    pub fn raw(&mut self, len: usize) -> Result<&'a [u8], Corrupt> {
        let end = self.at.checked_add(len).ok_or(Corrupt)?;
        let bytes = self.bytes.get(self.at..end).ok_or(Corrupt)?;
        self.at = end;
        Ok(bytes)
    }

    /// The bytes not read yet.
    pub fn rest(&self) -> &'a [u8] {
        self.bytes.get(self.at..).unwrap_or_default()
    }

    /// Succeeds only when every byte was read.
    pub fn finish(&self) -> Result<(), Corrupt> {
        if self.at == self.bytes.len() {
            Ok(())
        } else {
            Err(Corrupt)
        }
    }
}

/// A 128-bit digest of a byte stream (two independent 64-bit lanes), for
/// telling catalogs and snapshot bodies apart. Not cryptographic: it guards
/// against change and corruption, not against an adversary (the snapshot
/// reader's own checks do, `crate::snapshot`).
#[derive(Debug, Clone)]
pub(crate) struct Digest {
    lanes: [u64; 2],
    len: u64,
}

impl Default for Digest {
    fn default() -> Digest {
        Digest {
            lanes: [0x243f_6a88_85a3_08d3, 0x1319_8a2e_0370_7344],
            len: 0,
        }
    }
}

impl Digest {
    /// Adds `bytes`, 8 at a time.
    pub(crate) fn update(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.mix(u64::from_le_bytes(word));
        }
        let tail = chunks.remainder();
        if !tail.is_empty() {
            let mut word = [0u8; 8];
            word[..tail.len()].copy_from_slice(tail);
            self.mix(u64::from_le_bytes(word) ^ (tail.len() as u64) << 59);
        }
        self.len = self.len.wrapping_add(bytes.len() as u64);
    }

    /// Adds text with its length, so that ("ab", "c") and ("a", "bc") differ.
    pub(crate) fn text(&mut self, text: &str) {
        self.mix(text.len() as u64);
        self.update(text.as_bytes());
    }

    fn mix(&mut self, word: u64) {
        let [a, b] = &mut self.lanes;
        *a = (*a ^ word)
            .wrapping_mul(0x9e37_79b9_7f4a_7c15)
            .rotate_left(29);
        *b = (b.rotate_left(23) ^ word).wrapping_mul(0xff51_afd7_ed55_8ccd) ^ (*b >> 31);
    }

    /// The 16 bytes of the digest.
    pub(crate) fn finish(&self) -> [u8; 16] {
        let avalanche = |mut x: u64| {
            x ^= x >> 33;
            x = x.wrapping_mul(0xc4ce_b9fe_1a85_ec53);
            x ^= x >> 33;
            x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
            x ^ (x >> 33)
        };
        let [a, b] = self.lanes;
        let mut out = [0u8; 16];
        out[..8].copy_from_slice(&avalanche(a ^ self.len).to_le_bytes());
        out[8..].copy_from_slice(&avalanche(b.wrapping_add(self.len)).to_le_bytes());
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_text_round_trip() {
        let mut w = Writer::default();
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            w.number(n);
        }
        w.text("héllo");
        w.text("");
        let bytes = w.into_bytes();
        let mut r = Reader::new(&bytes);
        for n in [0, 1, 127, 128, 300, u64::from(u32::MAX), u64::MAX] {
            assert_eq!(r.number(), Ok(n));
        }
        assert_eq!(r.text(), Ok("héllo"));
        assert_eq!(r.text(), Ok(""));
        assert_eq!(r.finish(), Ok(()));
        assert_eq!(r.number(), Err(Corrupt));
    }

    #[test]
    fn corrupt_input_fails_without_panicking() {
        // Past 64 bits, a count beyond the bytes left, a cut text, bad UTF-8.
        assert_eq!(Reader::new(&[0xff; 11]).number(), Err(Corrupt));
        assert_eq!(
            Reader::new(&[0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x02]).number(),
            Err(Corrupt)
        );
        assert_eq!(Reader::new(&[5, 1, 2]).count(), Err(Corrupt));
        assert_eq!(Reader::new(&[3, b'a']).text(), Err(Corrupt));
        assert_eq!(Reader::new(&[1, 0xff]).text(), Err(Corrupt));
        assert_eq!(Reader::new(&[7]).below(7), Err(Corrupt));
        assert_eq!(Reader::new(&[6]).below(7), Ok(6));
        assert_eq!(Reader::new(&[1, 2]).finish(), Err(Corrupt));
    }

    #[test]
    fn digests_tell_inputs_apart() {
        let digest = |parts: &[&str]| {
            let mut d = Digest::default();
            parts.iter().for_each(|p| d.text(p));
            d.finish()
        };
        assert_eq!(digest(&["ab", "c"]), digest(&["ab", "c"]));
        assert_ne!(digest(&["ab", "c"]), digest(&["a", "bc"]));
        assert_ne!(digest(&["abcdefgh1"]), digest(&["abcdefgh2"]));
        assert_ne!(digest(&[""]), digest(&[]));
    }
}
