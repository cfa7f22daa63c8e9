use super::*;

fn job(sel: &str, utf8: bool) -> Job {
    let shown = "lwmcL"
        .chars()
        .enumerate()
        .filter(|&(_, c)| sel.contains(c))
        .fold(0, |m, (i, _)| m | 1 << i);
    Job {
        prog: b"wc",
        shown,
        utf8,
        debug: false,
        total: Total::Auto,
    }
}

#[test]
fn methods() {
    use Method::*;
    for (sel, c, utf8) in [
        ("c", BytesOnly, BytesOnly),
        ("m", BytesOnly, Full),
        ("cm", BytesOnly, Full),
        ("l", Lines, Lines),
        ("lc", Lines, Lines),
        ("lm", Lines, Full),
        ("w", Full, Full),
        ("L", Full, Full),
        ("lwc", Full, Full),
    ] {
        assert_eq!(job(sel, false).method(), c, "{sel} in C");
        assert_eq!(job(sel, true).method(), utf8, "{sel} in UTF-8");
    }
    assert_eq!(job("lwcmL", true).selected(), 5);
    assert_eq!(job("c", true).selected(), 1);
}
