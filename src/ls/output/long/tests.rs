use super::*;

#[test]
fn indicators_after_link_targets() {
    use Indicator::{Classify, FileType, Slash};
    let (reg, exe, dir, lnk, fifo, sock, chr) = (
        0o100644, 0o100755, 0o40755, 0o120777, 0o10644, 0o140755, 0o20644,
    );
    assert_eq!(target_indicator(Classify, exe), Some(b'*'));
    assert_eq!(target_indicator(FileType, exe), None);
    assert_eq!(target_indicator(Classify, reg), None);
    assert_eq!(target_indicator(Slash, dir), Some(b'/'));
    assert_eq!(target_indicator(Slash, fifo), None);
    assert_eq!(target_indicator(FileType, lnk), Some(b'@'));
    assert_eq!(target_indicator(Classify, fifo), Some(b'|'));
    assert_eq!(target_indicator(Classify, sock), Some(b'='));
    assert_eq!(target_indicator(Classify, chr), None);
    // A dangling link (mode 0): nothing.
    assert_eq!(target_indicator(Classify, 0), None);
}
