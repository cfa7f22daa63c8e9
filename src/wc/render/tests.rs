use super::super::input::Info;
use super::*;

fn reg(size: i64) -> PreStat {
    PreStat::Known(Info {
        regular: true,
        fifo: false,
        size,
        blksize: 4096,
    })
}

#[test]
fn widths() {
    let pipe = PreStat::Known(Info {
        regular: false,
        fifo: true,
        size: 0,
        blksize: 4096,
    });
    assert_eq!(number_width(&[]), 1);
    assert_eq!(number_width(&[PreStat::NotTried]), 1);
    assert_eq!(number_width(&[reg(16)]), 2);
    assert_eq!(number_width(&[reg(0)]), 1);
    assert_eq!(number_width(&[pipe]), 7);
    assert_eq!(number_width(&[reg(123_456_789), pipe]), 9);
    assert_eq!(number_width(&[PreStat::Failed, reg(5), reg(7)]), 2);
    assert_eq!(number_width(&[PreStat::Failed]), 1);
}
