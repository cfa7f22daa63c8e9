use super::*;

const A: u16 = 1;
const ALMOST: u16 = 2;
const WIDTH: u16 = 3;
const COLOR: u16 = 4;
const L: u16 = 5;
const SRC: [Opt; 5] = [
    Opt::new("all", b'a', HasArg::No, A),
    Opt::new("almost-all", b'A', HasArg::No, ALMOST),
    Opt::new("color", 0, HasArg::Optional, COLOR),
    Opt::new("", b'l', HasArg::No, L),
    Opt::new("width", b'w', HasArg::Required, WIDTH),
];
static ROWS: [Row; 5] = rows(&SRC);
static IDS: [u16; 5] = ids(&SRC);
static NAMES: [u8; names_len(&SRC)] = names(&SRC);
static OPTS: OptTable = OptTable {
    rows: &ROWS,
    ids: &IDS,
    names: &NAMES,
};

fn items(args: &'static [&'static [u8]], posix: bool) -> Vec<Item> {
    Parser::new(b"t", &OPTS, Args::List(args))
        .with_posix(posix)
        .collect()
}

#[test]
fn bundles_and_attached_arguments() {
    use Item::*;
    assert_eq!(items(&[b"-la"], false), vec![Opt(L, None), Opt(A, None)]);
    assert_eq!(
        items(&[b"-lw80", b"x"], false),
        vec![Opt(L, None), Opt(WIDTH, Some(b"80")), Operand(b"x")]
    );
    assert_eq!(items(&[b"-w", b"80"], false), vec![Opt(WIDTH, Some(b"80"))]);
    assert_eq!(items(&[b"-w", b"-a"], false), vec![Opt(WIDTH, Some(b"-a"))]);
    assert_eq!(items(&[b"-aw"], false), vec![Opt(A, None), Error]);
    assert_eq!(items(&[b"-z", b"-a"], false), vec![Error, Opt(A, None)]);
    assert_eq!(
        items(&[b"-", b"x"], false),
        vec![Operand(b"-"), Operand(b"x")]
    );
}

#[test]
fn long_options() {
    use Item::*;
    assert_eq!(items(&[b"--all"], false), vec![Opt(A, None)]);
    assert_eq!(items(&[b"--alm"], false), vec![Opt(ALMOST, None)]);
    assert_eq!(items(&[b"--al"], false), vec![Error]);
    assert_eq!(
        items(&[b"--width=5", b"--wid", b"6"], false),
        vec![Opt(WIDTH, Some(b"5")), Opt(WIDTH, Some(b"6"))]
    );
    assert_eq!(items(&[b"--width"], false), vec![Error]);
    assert_eq!(items(&[b"--all=x"], false), vec![Error]);
    assert_eq!(
        items(&[b"--color", b"always"], false),
        vec![Opt(COLOR, None), Operand(b"always")]
    );
    assert_eq!(items(&[b"--col=al"], false), vec![Opt(COLOR, Some(b"al"))]);
    assert_eq!(items(&[b"--color="], false), vec![Opt(COLOR, Some(b""))]);
    assert_eq!(items(&[b"--nope"], false), vec![Error]);
}

#[test]
fn permutation_and_double_dash() {
    use Item::*;
    assert_eq!(
        items(&[b"x", b"-a", b"--", b"-l"], false),
        vec![Operand(b"x"), Opt(A, None), Operand(b"-l")]
    );
    assert_eq!(
        items(&[b"x", b"-a"], true),
        vec![Operand(b"x"), Operand(b"-a")]
    );
    assert_eq!(
        items(&[b"-a", b"x", b"--", b"y"], true),
        vec![Opt(A, None), Operand(b"x"), Operand(b"--"), Operand(b"y")]
    );
}

#[test]
fn enumerated_arguments() {
    static CHOICES: Keywords<i32> = crate::keywords!(
        i32,
        &[
            ("none", 0),
            ("time", 1),
            ("size", 2),
            ("never", 3),
            ("no", 3),
        ]
    );
    let choices = &CHOICES;
    assert_eq!(argmatch(b"t", b"--sort", b"t", choices), Some(1));
    assert_eq!(argmatch(b"t", b"--sort", b"size", choices), Some(2));
    assert_eq!(argmatch(b"t", b"--sort", b"ne", choices), Some(3));
    assert_eq!(argmatch(b"t", b"--sort", b"n", choices), None);
    assert_eq!(argmatch(b"t", b"--sort", b"x", choices), None);
}
