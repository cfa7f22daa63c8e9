//! What a kernel hands wc's counter: the bit masks of a 64-byte block (`Masks`, and
//! `Utf8Masks` for its UTF-8 structure), the consumer of classified blocks
//! (`Blocks`, which the counter implements) and the UTF-8 half of the kernel family
//! that classified a block (`Kernel`, which the scan passes to that consumer).

/// One bit per byte of a 64-byte block (bit i = byte i).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Masks {
    /// `\n`.
    pub newline: u64,
    /// The six C `isspace` bytes: `\t \n \v \f \r` and space.
    pub space: u64,
    /// Printable and not a space: 0x21..=0x7e.
    pub graph: u64,
    /// The space character 0x20 itself.
    pub blank: u64,
    /// `\t`.
    pub tab: u64,
    /// The bytes that end a display line for -L: `\n`, `\r`, `\f`.
    pub line_end: u64,
    /// Bytes >= 0x80 (not ASCII).
    pub high: u64,
}

/// The UTF-8 structure of a 64-byte block (bit i = byte i).
#[derive(Clone, Copy, Default, PartialEq, Eq, Debug)]
pub struct Utf8Masks {
    /// Continuation bytes 0x80..=0xbf.
    pub cont: u64,
    /// Leads of 2-byte sequences 0xc2..=0xdf.
    pub lead2: u64,
    /// Leads of 3-byte sequences 0xe0..=0xef.
    pub lead3: u64,
    /// Leads of 4-byte sequences 0xf0..=0xf4.
    pub lead4: u64,
    /// The leads with a restricted second byte: 0xe0, 0xed, 0xf0, 0xf4.
    pub e0: u64,
    pub ed: u64,
    pub f0: u64,
    pub f4: u64,
    /// Bytes 0xa0..=0xbf and 0x90..=0xbf (second-byte checks).
    pub a0_bf: u64,
    pub x90_bf: u64,
}

impl Masks {
    /// From `[newline, space, graph, blank, tab, line_end, high]`.
    #[inline(always)]
    pub fn from_array(r: [u64; 7]) -> Masks {
        Masks {
            newline: r[0],
            space: r[1],
            graph: r[2],
            blank: r[3],
            tab: r[4],
            line_end: r[5],
            high: r[6],
        }
    }
}

impl Utf8Masks {
    /// From the fields in declaration order.
    #[inline(always)]
    pub fn from_array(r: [u64; 10]) -> Utf8Masks {
        Utf8Masks {
            cont: r[0],
            lead2: r[1],
            lead3: r[2],
            lead4: r[3],
            e0: r[4],
            ed: r[5],
            f0: r[6],
            f4: r[7],
            a0_bf: r[8],
            x90_bf: r[9],
        }
    }
}

/// The UTF-8 half of the kernel family that classified a block: the scan passes it
/// to its sink, so that the vector function the sink is inlined into computes the
/// block's UTF-8 masks with its own instructions, without asking again which CPU
/// this is (the AVX2 scan's UTF-8 code then stays inline in it).
pub trait Kernel {
    /// `utf8_masks` of a whole block.
    fn utf8_masks(b: &[u8; 64]) -> Utf8Masks;
    /// `utf8_and_lead_bits` of a whole block.
    fn utf8_and_lead_bits(b: &[u8; 64], table: &[u8; 64]) -> (Utf8Masks, [u64; 4]);
    /// The number of bits set in `x` (the kernels' own way: SSE2 calls one
    /// out-of-line copy, see src/simd/x86/sse2.rs).
    #[inline(always)]
    fn ones(x: u64) -> u32 {
        x.count_ones()
    }
}

/// A consumer of classified blocks.
pub trait Blocks {
    /// Called for the 64 bytes `buf[at..at + 64]` with their masks. Returns the
    /// position to continue from, past `at`: normally `at + 64`; more when the
    /// consumer has already handled bytes past the block (a character that
    /// straddles it); less when it left the end of the block to the next one (a
    /// character cut by the block's end). The scan goes on while 64 bytes remain.
    /// `K` computes the block's UTF-8 masks, when the consumer wants them.
    fn block<K: Kernel>(&mut self, buf: &[u8], at: usize, m: &Masks) -> usize;
}
