use super::*;

fn plan(ws: &[usize], line: usize, fill: Fill) -> (usize, Vec<usize>) {
    let mut cw = vec![0; max_columns(ws.len(), line)];
    let c = layout(ws.len(), |i| ws[i], line, fill, &mut cw);
    cw.truncate(c);
    (c, cw)
}

#[test]
fn simple_fit() {
    // "a b c" at 80: one row.
    assert_eq!(plan(&[1, 1, 1], 80, Fill::Down), (3, vec![3, 3, 3]));
    // width 5, "a bb c" -> 2 rows.
    assert_eq!(plan(&[1, 2, 1], 5, Fill::Down).0, 1);
    assert_eq!(plan(&[1, 2, 1], 7, Fill::Down).0, 1);
    assert_eq!(plan(&[1, 2, 1], 8, Fill::Down).0, 2);
}

#[test]
fn quirk_short_names_keep_validity() {
    // ls -w4 -x a b prints `a  b` in 9.1.
    assert_eq!(plan(&[1, 1], 4, Fill::Across).0, 2);
}

#[test]
fn unlimited() {
    assert_eq!(plan(&[5, 6, 7], 0, Fill::Across), (3, vec![7, 8, 7]));
}

#[test]
fn padding_uses_tabs() {
    let mut s = Vec::new();
    pad(3, 16, 8, |c| s.push(c));
    assert_eq!(s, b"\t\t");
    s.clear();
    pad(1, 3, 8, |c| s.push(c));
    assert_eq!(s, b"  ");
    s.clear();
    pad(3, 9, 0, |c| s.push(c));
    assert_eq!(s, b"      ");
    s.clear();
    pad(6, 9, 8, |c| s.push(c));
    assert_eq!(s, b"\t ");
}
