//! GNU ls's multi-column layout (9.1): the most columns whose widths fit, with
//! lines strictly shorter than the line width, and its padding with tabs.

/// How entries fill the columns.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Fill {
    /// Top to bottom, then the next column (-C).
    Down,
    /// Left to right, then the next row (-x).
    Across,
}

/// The narrowest column: one character and the two-space gap.
const MIN_COLUMN: usize = 3;

/// Tries `cols` columns; on success `widths[..cols]` holds the column widths.
fn fits(
    n: usize,
    width: &impl Fn(usize) -> usize,
    line: usize,
    fill: Fill,
    cols: usize,
    widths: &mut [usize],
) -> bool {
    let widths = &mut widths[..cols];
    widths.fill(MIN_COLUMN);
    let mut total = MIN_COLUMN * cols;
    let rows = n.div_ceil(cols);
    for i in 0..n {
        let c = match fill {
            Fill::Down => i / rows,
            Fill::Across => i % cols,
        };
        let need = width(i) + if c == cols - 1 { 0 } else { 2 };
        if need > widths[c] {
            total += need - widths[c];
            widths[c] = need;
            if line != 0 && total >= line {
                return false;
            }
        }
    }
    true
}

/// The number of columns GNU ls uses for `n` entries whose widths `width(i)`
/// gives, on lines of `line` columns (0 = no limit). `widths` receives the column
/// widths; it must hold at least `max_columns(n, line)` elements.
pub fn layout(
    n: usize,
    width: impl Fn(usize) -> usize,
    line: usize,
    fill: Fill,
    widths: &mut [usize],
) -> usize {
    if n == 0 {
        return 0;
    }
    let max = max_columns(n, line);
    let mut cols = max;
    while cols > 1 {
        if fits(n, &width, line, fill, cols, widths) {
            return cols;
        }
        cols -= 1;
    }
    fits(n, &width, 0, fill, 1, widths);
    1
}

/// The largest column count worth trying.
pub fn max_columns(n: usize, line: usize) -> usize {
    let by_width = line.div_ceil(MIN_COLUMN);
    if by_width == 0 || by_width >= n {
        n.max(1)
    } else {
        by_width
    }
}

/// The padding from column `from` to column `to`: calls `out(b'\t')` or
/// `out(b' ')` as GNU does (tabs when `tabsize` > 0 and a tab stop lies between).
pub fn pad(mut from: usize, to: usize, tabsize: usize, mut out: impl FnMut(u8)) {
    while from < to {
        if tabsize != 0 && to / tabsize > (from + 1) / tabsize {
            out(b'\t');
            from += tabsize - from % tabsize;
        } else {
            out(b' ');
            from += 1;
        }
    }
}

#[cfg(test)]
mod tests {
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
}
