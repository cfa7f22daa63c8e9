use super::*;

/// packed.rs expands to the plain texts (tools/gen_help.py was run after the
/// last edit of a text).
#[test]
fn packed_texts_are_the_plain_texts() {
    for (packed, plain) in [
        (&LS[..], include_str!("ls.txt")),
        (&WC[..], include_str!("wc.txt")),
    ] {
        let mut v = heapless::Vec::<u8, 16384>::new();
        expand(packed, b"PROG", &mut v);
        assert_eq!(
            String::from_utf8(v.to_vec()).unwrap(),
            plain.replace("{prog}", "PROG"),
            "run tools/gen_help.py"
        );
    }
}
