use super::*;

#[test]
fn modes() {
    let cases = [
        (0o100644, Kind::Regular),
        (0o040755, Kind::Dir),
        (0o120777, Kind::Symlink),
        (0o020620, Kind::CharDev),
        (0o060660, Kind::BlockDev),
        (0o010600, Kind::Fifo),
        (0o140755, Kind::Socket),
        (0o150000, Kind::Door),
        (0o000644, Kind::Unknown),
        (0o170777, Kind::Unknown),
    ];
    for (mode, kind) in cases {
        assert_eq!(Kind::from_mode(mode), kind, "{mode:o}");
    }
}

#[test]
fn indicators() {
    use IndicatorStyle::{Classify, FileType, Slash};
    assert_eq!(indicator_for(Classify, Kind::Regular, true), Some(b'*'));
    assert_eq!(indicator_for(FileType, Kind::Regular, true), None);
    assert_eq!(indicator_for(Classify, Kind::Regular, false), None);
    assert_eq!(indicator_for(Slash, Kind::Dir, false), Some(b'/'));
    assert_eq!(indicator_for(Slash, Kind::Fifo, false), None);
    assert_eq!(indicator_for(FileType, Kind::Symlink, false), Some(b'@'));
    assert_eq!(indicator_for(Classify, Kind::Fifo, false), Some(b'|'));
    assert_eq!(indicator_for(Classify, Kind::Socket, false), Some(b'='));
    assert_eq!(indicator_for(Classify, Kind::CharDev, false), None);
    assert_eq!(indicator_for(Classify, Kind::Door, false), None);
    assert_eq!(indicator_for(IndicatorStyle::None, Kind::Dir, false), None);
}
