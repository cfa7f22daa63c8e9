use super::*;
use crate::hot::classes::{
    KNOWN, LEAD_ONE, LEAD_PATIENCE, LEAD_SLOW, LEAD_TWO, LEAD_WORD, PRINT, SEP, WIDTH_SHIFT,
};

#[test]
fn classes() {
    let mut c = new(false).unwrap();
    assert_eq!(c.get(0xe9), KNOWN | PRINT | 1 << WIDTH_SHIFT);
    assert_eq!(c.get(0x65e5), KNOWN | PRINT | 2 << WIDTH_SHIFT);
    assert_eq!(c.get(0x301), KNOWN | PRINT);
    assert_eq!(c.get(0x85), KNOWN);
    assert_eq!(c.get(0xa0) & SEP, SEP);
    assert_eq!(c.get(0x3000) & (SEP | PRINT), SEP | PRINT);
    assert_eq!(c.get(0x1f600), KNOWN | PRINT | 2 << WIDTH_SHIFT);
    // Cyrillic and CJK leads summarize; Greek (unassigned points) does not.
    for _ in 0..LEAD_PATIENCE {
        c.note_slow_lead(0xd0);
        c.note_slow_lead(0xe4);
        c.note_slow_lead(0xce);
    }
    assert_eq!(c.leads[0x10], LEAD_WORD | LEAD_ONE);
    assert_eq!(c.leads[0x24], LEAD_WORD | LEAD_TWO);
    assert_eq!(c.leads[0x0e], LEAD_SLOW);
    let mut p = new(true).unwrap();
    assert_eq!(p.get(0xa0) & SEP, 0);
    assert_eq!(p.get(0x2003) & SEP, SEP);
}
