use super::*;

/// The stored table has the rows of `SRC`, names included.
#[test]
fn stored_rows_are_the_source_rows() {
    assert_eq!(OPTIONS.rows.len(), SRC.len());
    assert_eq!(OPTIONS.ids.len(), SRC.len());
    for (i, o) in SRC.iter().enumerate() {
        let r = &OPTIONS.rows[i];
        assert_eq!(OPTIONS.long(i), o.long.as_bytes());
        assert_eq!(
            (r.short, r.arg, OPTIONS.ids[i].get()),
            (o.short, o.arg, o.id)
        );
    }
}

/// Every long option is in GNU's order list once, and the list names no other.
#[test]
fn getopt_order_is_the_table_s_long_names() {
    let mut longs: Vec<&str> = SRC
        .iter()
        .map(|o| o.long)
        .filter(|l| !l.is_empty())
        .collect();
    let mut order: Vec<&str> = GETOPT_ORDER.iter().map(|&r| SRC[r as usize].long).collect();
    longs.sort_unstable();
    order.sort_unstable();
    assert_eq!(longs, order);
}

/// Each option's letter starts a line of src/texts/help/ls.txt, its long name is in it,
/// and no letter or long name is used twice.
#[test]
fn help_lines_name_their_options() {
    let text = include_str!("../../../texts/help/ls.txt");
    for o in SRC.iter() {
        if o.short != 0 {
            let short = format!("\n  -{}", o.short as char);
            assert!(text.contains(&short), "{short} is not in --help");
        }
        if !o.long.is_empty() {
            let long = format!("--{}", o.long);
            assert!(text.contains(&long), "{long} is not in --help");
        }
    }
    for (i, a) in SRC.iter().enumerate() {
        for b in &SRC[i + 1..] {
            assert!(a.short == 0 || a.short != b.short, "-{}", a.short as char);
            assert!(a.long.is_empty() || a.long != b.long, "--{}", a.long);
        }
    }
}
