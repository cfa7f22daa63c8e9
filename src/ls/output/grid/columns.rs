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
mod tests;
