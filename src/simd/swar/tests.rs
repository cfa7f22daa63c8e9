//! The SWAR kernels' packing, and their masks against the scalar references for
//! every byte value at every position.

use super::*;

#[test]
fn pack_is_exact() {
    for bits in 0..=255u64 {
        let mut m = 0u64;
        for i in 0..8 {
            if bits >> i & 1 != 0 {
                // The high bit of byte i, with noise in the other bits.
                m |= 0xffu64 << (8 * i);
            } else {
                m |= 0x7fu64 << (8 * i);
            }
        }
        assert_eq!(pack(m), bits);
    }
}

#[test]
fn every_byte_value_at_every_position() {
    // Each byte value in each of the 64 positions, among other byte values.
    for v in 0..=255u8 {
        for p in 0..64 {
            let mut b = [0u8; 64];
            for (i, x) in b.iter_mut().enumerate() {
                *x = (i as u8).wrapping_mul(97).wrapping_add(v);
            }
            b[p] = v;
            assert_eq!(masks(&b), scalar::masks(&b), "byte {v:#x} at {p}");
            assert_eq!(utf8_masks(&b), scalar::utf8_masks(&b), "byte {v:#x} at {p}");
        }
    }
}
