//! Size tests: fixed GNU outputs, and differential runs of /usr/bin/ls -s and -l with
//! many block sizes (options and environment) over files of chosen sizes.

use super::*;
use std::os::unix::fs::MetadataExt;
use std::os::unix::process::CommandExt;
use std::process::Command;

fn text(value: u64, from: u64, bs: &BlockSize) -> String {
    let mut buf = [0; LONGEST];
    String::from_utf8(render(value, from, bs, &Numeric::C, &mut buf).to_vec()).unwrap()
}

/// `render` with LC_NUMERIC values (as GNU prints them in de_DE, fr_FR, ru_RU.KOI8-R).
fn local(
    value: u64,
    bs: &BlockSize,
    point: &'static [u8],
    sep: &'static [u8],
    grouping: &'static [u8],
) -> Vec<u8> {
    let num = Numeric {
        point,
        sep,
        grouping,
    };
    render(value, 1, bs, &num, &mut [0; LONGEST]).to_vec()
}

#[test]
fn locale_numbers() {
    let group = BlockSize {
        grouping: true,
        ..BlockSize::plain(1)
    };
    assert_eq!(
        local(1265648, &group, b",", b".", b"\x03\x03"),
        b"1.265.648"
    );
    assert_eq!(
        local(1265648, &group, b",", "\u{202f}".as_bytes(), b"\x03"),
        "1\u{202f}265\u{202f}648".as_bytes()
    );
    assert_eq!(
        local(1265648, &BlockSize::plain(1), b",", b".", b"\x03"),
        b"1265648"
    );
    assert_eq!(
        local(1265648, &BlockSize::HUMAN, b",", b".", b"\x03"),
        b"1,3M"
    );
    assert_eq!(
        local(1265648, &BlockSize::SI, b"::", b".", b"\x03"),
        b"1::3M"
    );
    // Sizes from the right, the last repeated; 127 or more ends grouping.
    assert_eq!(
        local(123456789, &group, b".", b"'", b"\x01\x02"),
        b"12'34'56'78'9"
    );
    assert_eq!(
        local(123456789, &group, b".", b"'", b"\x02\x7f"),
        b"1234567'89"
    );
    assert_eq!(local(123456789, &group, b".", b"'", b""), b"123456789");
    assert_eq!(local(u64::MAX, &group, b".", &[b'x'; 16], b"\x01"), {
        let d = u64::MAX.to_string();
        d.bytes()
            .map(|c| vec![c])
            .collect::<Vec<_>>()
            .join(&[b'x'; 16][..])
    });
    let human = BlockSize {
        grouping: true,
        ..BlockSize::HUMAN
    };
    assert_eq!(local(1023, &human, b",", b".", b"\x03"), b"1.023");
}

#[test]
fn human_rounding() {
    // Sizes in bytes with -h and --si, as GNU ls -lh / ls -l --si print them.
    let h = [
        (0, "0"),
        (1, "1"),
        (999, "999"),
        (1000, "1000"),
        (1023, "1023"),
        (1024, "1.0K"),
        (1025, "1.1K"),
        (1536, "1.5K"),
        (5000, "4.9K"),
        (10239, "10K"),
        (10240, "10K"),
        (10241, "11K"),
        (1047552, "1023K"),
        (1048575, "1.0M"),
        (1048576, "1.0M"),
        (1048577, "1.1M"),
        (5 << 40, "5.0T"),
        (u64::MAX, "16E"),
    ];
    for (v, want) in h {
        assert_eq!(text(v, 1, &BlockSize::HUMAN), want, "-h {v}");
    }
    let si = [
        (999, "999"),
        (1000, "1.0k"),
        (1001, "1.1k"),
        (1023, "1.1k"),
        (9999, "10k"),
        (102400, "103k"),
        (999999, "1.0M"),
        (u64::MAX, "19E"),
    ];
    for (v, want) in si {
        assert_eq!(text(v, 1, &BlockSize::SI), want, "--si {v}");
    }
    // Block counts (512-byte units).
    assert_eq!(text(8, 512, &BlockSize::HUMAN), "4.0K");
    assert_eq!(text(8, 512, &BlockSize::plain(1024)), "4");
    assert_eq!(text(1, 512, &BlockSize::plain(1024)), "1");
    assert_eq!(text(3, 512, &BlockSize::plain(1024)), "2");
    // GNU computes 375000 * (512 / 1e6L) in long double: 192.00000000000000001 -> 193.
    assert_eq!(text(375_000, 512, &BlockSize::plain(1_000_000)), "193");
    assert_eq!(text(750_000, 512, &BlockSize::plain(1_000_000)), "385");
    assert_eq!(text(1000, 512, &BlockSize::plain(1000)), "512");
    assert_eq!(text(375_000, 1, &BlockSize::plain(1_000_000)), "1");
}

#[test]
fn block_size_syntax() {
    use BlockSizeError::*;
    use Suffix::*;
    let ok = |s: &[u8], factor, suffix| {
        assert_eq!(
            parse_block_size_checked(s),
            Ok(BlockSize {
                human: Option::None,
                factor,
                suffix,
                grouping: false
            }),
            "{}",
            String::from_utf8_lossy(s)
        )
    };
    ok(b"1", 1, None);
    ok(b"1K", 1024, None);
    ok(b"K", 1024, Letter);
    ok(b"KB", 1000, DecimalBytes);
    ok(b"kB", 1000, DecimalBytes);
    ok(b"KiB", 1024, BinaryBytes);
    ok(b"MiB", 1 << 20, BinaryBytes);
    ok(b"MB", 1_000_000, DecimalBytes);
    ok(b"M", 1 << 20, Letter);
    ok(b"m", 1 << 20, Letter);
    ok(b"KD", 1000, Letter);
    ok(b"1KD", 1000, None);
    ok(b"15E", 15 << 60, None);
    ok(b"EB", 1_000_000_000_000_000_000, DecimalBytes);
    ok(b"0x10", 16, None);
    ok(b"010", 8, None);
    ok(b" 1K", 1024, None);
    ok(b"+1K", 1024, None);
    assert_eq!(parse_block_size(b"h"), Some(BlockSize::HUMAN));
    assert_eq!(parse_block_size(b"human-readable"), Some(BlockSize::HUMAN));
    assert_eq!(parse_block_size(b"si"), Some(BlockSize::SI));
    assert_eq!(
        parse_block_size(b"'si"),
        Some(BlockSize {
            grouping: true,
            ..BlockSize::SI
        })
    );
    assert_eq!(
        parse_block_size(b"'1"),
        Some(BlockSize {
            human: Option::None,
            factor: 1,
            suffix: None,
            grouping: true
        })
    );
    let bad: &[(&[u8], BlockSizeError)] = &[
        (b"0", Invalid),
        (b"", Invalid),
        (b"x", Invalid),
        (b"R", Invalid),
        (b"-1", Invalid),
        (b"08", Invalid),
        (b"0x", Invalid),
        (b"''1", Invalid),
        (b"1R", InvalidSuffix),
        (b"1Q", InvalidSuffix),
        (b"1X", InvalidSuffix),
        (b"1KX", InvalidSuffix),
        (b"1e", InvalidSuffix),
        (b"1p", InvalidSuffix),
        (b"99999999999999999999", TooLarge),
        (b"Z", TooLarge),
        (b"ZB", TooLarge),
        (b"Y", TooLarge),
    ];
    for &(s, e) in bad {
        assert_eq!(
            parse_block_size_checked(s),
            Err(e),
            "{}",
            String::from_utf8_lossy(s)
        );
        assert_eq!(parse_block_size(s), Option::None);
    }
    assert_eq!(block_size_from_env(b"1X", false), BlockSize::plain(1));
    assert_eq!(block_size_from_env(b"foo", false), BlockSize::plain(1024));
    assert_eq!(block_size_from_env(b"", true), BlockSize::plain(512));
    assert_eq!(block_size_from_env(b"K", false).suffix, Letter);
}

#[test]
fn suffixes() {
    let p = |s: &[u8]| parse_block_size(s).unwrap();
    assert_eq!(text(16, 512, &p(b"K")), "8K");
    assert_eq!(text(16, 512, &p(b"KB")), "9kB");
    assert_eq!(text(16, 512, &p(b"KiB")), "8KiB");
    assert_eq!(text(5000, 1, &p(b"MiB")), "1MiB");
    assert_eq!(text(5000, 1, &p(b"KD")), "5K");
    assert_eq!(text(5000, 1, &p(b"EB")), "1EB");
    assert_eq!(text(0, 1, &p(b"K")), "0K");
    assert_eq!(text(5000, 1, &p(b"15E")), "1");
    assert_eq!(text(5000, 1, &p(b"1")), "5000");
}

/// Files of these sizes are made with real data (small) or as holes (large).
const SIZES: &[u64] = &[
    0, 1, 511, 512, 513, 999, 1000, 1023, 1024, 1025, 1536, 4095, 4096, 4097, 5000, 10239, 10241,
    65536, 100_000, 1_047_552, 1_048_575, 1_048_576, 1_048_577, 3_000_000,
];
const HOLES: &[u64] = &[
    5 << 40,
    123_456_789_012,
    999_999_999_999,
    1 << 40,
    (1 << 43) + 1,
];

struct Fixture {
    dir: std::path::PathBuf,
    /// (name, st_size, st_blocks)
    files: Vec<(String, u64, u64)>,
}

fn fixture() -> Fixture {
    let dir = std::env::temp_dir().join(format!("bareutils-size-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for (i, &s) in SIZES.iter().enumerate() {
        let name = format!("d{i:02}");
        std::fs::write(dir.join(&name), vec![b'x'; s as usize]).unwrap();
        files.push(name);
    }
    for (i, &s) in HOLES.iter().enumerate() {
        let name = format!("h{i:02}");
        let f = std::fs::File::create(dir.join(&name)).unwrap();
        f.set_len(s).unwrap();
        // A little real data so st_blocks is not zero.
        use std::io::{Seek, SeekFrom, Write};
        let mut f = f;
        f.seek(SeekFrom::Start(s / 2)).unwrap();
        f.write_all(&[b'y'; 70_000]).unwrap();
        files.push(name);
    }
    // Allocated without holes: GNU's long double scaling rounds these up one too far
    // with --block-size=MB (192000000 bytes -> 193MB), and so must we.
    for (i, s) in ["192000000", "384000000"].into_iter().enumerate() {
        let name = format!("a{i:02}");
        let st = Command::new("fallocate")
            .args(["-l", s])
            .arg(dir.join(&name))
            .status();
        assert!(st.is_ok_and(|s| s.success()), "fallocate");
        files.push(name);
    }
    let files = files
        .into_iter()
        .map(|n| {
            let m = std::fs::metadata(dir.join(&n)).unwrap();
            (n, m.size(), m.blocks())
        })
        .collect();
    Fixture { dir, files }
}

fn gnu(fx: &Fixture, args: &[&str], env: &[(&str, &str)]) -> String {
    let mut cmd = Command::new("/usr/bin/ls");
    cmd.env_clear()
        .env("LC_ALL", "C")
        .envs(env.iter().copied())
        .args(args)
        .arg(&fx.dir);
    let o = cmd.output().expect("run /usr/bin/ls");
    assert!(
        o.status.success(),
        "{args:?} {env:?}: {}",
        String::from_utf8_lossy(&o.stderr)
    );
    String::from_utf8(o.stdout).unwrap()
}

/// `ls -s1U`: the total line and each file's block column, against ours.
fn check_blocks(fx: &Fixture, args: &[&str], env: &[(&str, &str)], bs: &BlockSize) {
    let mut a = vec!["-s1U"];
    a.extend_from_slice(args);
    let out = gnu(fx, &a, env);
    let mut lines = out.lines();
    let total: u64 = fx.files.iter().map(|f| f.2).sum();
    assert_eq!(
        lines.next().unwrap(),
        format!("total {}", text(total, 512, bs)),
        "{args:?} {env:?}"
    );
    for line in lines {
        let mut w = line.split_whitespace();
        let (blocks, name) = (w.next().unwrap(), w.next().unwrap());
        let f = fx.files.iter().find(|f| f.0 == name).unwrap();
        assert_eq!(
            blocks,
            text(f.2, 512, bs),
            "{args:?} {env:?} {name} ({} blocks)",
            f.2
        );
    }
}

/// `ls -lnU`: each file's size column, against ours.
fn check_sizes(fx: &Fixture, args: &[&str], env: &[(&str, &str)], bs: &BlockSize) {
    let mut a = vec!["-lnU", "--time-style=+%s"];
    a.extend_from_slice(args);
    let out = gnu(fx, &a, env);
    for line in out.lines().skip(1) {
        let w: Vec<&str> = line.split_whitespace().collect();
        let (size, name) = (w[4], w[6]);
        let f = fx.files.iter().find(|f| f.0 == name).unwrap();
        assert_eq!(
            size,
            text(f.1, 1, bs),
            "{args:?} {env:?} {name} ({} bytes)",
            f.1
        );
    }
}

const BLOCK_SIZES: &[&str] = &[
    "1",
    "2",
    "3",
    "7",
    "512",
    "999",
    "1000",
    "1K",
    "K",
    "KB",
    "KiB",
    "k",
    "kB",
    "M",
    "MB",
    "MiB",
    "1M",
    "G",
    "GB",
    "1G",
    "T",
    "TB",
    "TiB",
    "P",
    "E",
    "EB",
    "15E",
    "4096",
    "1000000",
    "KD",
    "0x200",
    "010",
    "1MB",
    "1000KB",
    "'1",
    "'K",
    "h",
    "si",
    "human",
    "'h",
    "123456789",
    "1000000000000",
];

#[test]
fn against_gnu_ls() {
    let fx = fixture();
    check_blocks(&fx, &[], &[], &default_block_size(false));
    check_blocks(
        &fx,
        &[],
        &[("POSIXLY_CORRECT", "1")],
        &default_block_size(true),
    );
    check_blocks(
        &fx,
        &["-k"],
        &[("POSIXLY_CORRECT", "1")],
        &BlockSize::plain(1024),
    );
    check_blocks(&fx, &["-h"], &[], &BlockSize::HUMAN);
    check_blocks(&fx, &["--si"], &[], &BlockSize::SI);
    check_sizes(&fx, &[], &[], &BlockSize::plain(1));
    check_sizes(&fx, &["-h"], &[], &BlockSize::HUMAN);
    check_sizes(&fx, &["--si"], &[], &BlockSize::SI);
    for &b in BLOCK_SIZES {
        let bs = parse_block_size(b.as_bytes()).unwrap();
        let opt = format!("--block-size={b}");
        check_blocks(&fx, &[&opt], &[], &bs);
        check_sizes(&fx, &[&opt], &[], &bs);
        // The environment: LS_BLOCK_SIZE scales both columns, BLOCKSIZE only blocks.
        let env_bs = block_size_from_env(b.as_bytes(), false);
        assert_eq!(env_bs, bs);
        check_blocks(&fx, &[], &[("LS_BLOCK_SIZE", b)], &bs);
        check_sizes(&fx, &[], &[("LS_BLOCK_SIZE", b)], &bs);
        check_blocks(&fx, &[], &[("BLOCKSIZE", b)], &bs);
    }
    // Environment values GNU does not refuse but reads its own way.
    for b in [
        "1X",
        "foo",
        "0",
        "",
        "3KX",
        "08",
        "-5",
        "99999999999999999999",
        "Z",
    ] {
        let bs = block_size_from_env(b.as_bytes(), false);
        check_blocks(&fx, &[], &[("LS_BLOCK_SIZE", b)], &bs);
        check_blocks(&fx, &[], &[("BLOCK_SIZE", b)], &bs);
    }
    let _ = std::fs::remove_dir_all(&fx.dir);
}

#[test]
fn errors_against_gnu_ls() {
    for (arg, want) in [
        ("0", BlockSizeError::Invalid),
        ("x", BlockSizeError::Invalid),
        ("", BlockSizeError::Invalid),
        ("08", BlockSizeError::Invalid),
        ("-1", BlockSizeError::Invalid),
        ("1X", BlockSizeError::InvalidSuffix),
        ("1R", BlockSizeError::InvalidSuffix),
        ("2KBx", BlockSizeError::InvalidSuffix),
        ("99999999999999999999", BlockSizeError::TooLarge),
        ("Z", BlockSizeError::TooLarge),
        ("100000E", BlockSizeError::TooLarge),
    ] {
        let o = Command::new("/usr/bin/ls")
            .arg0("ls")
            .env_clear()
            .env("LC_ALL", "C")
            .arg(format!("--block-size={arg}"))
            .arg("/")
            .output()
            .unwrap();
        assert_eq!(o.status.code(), Some(2));
        let msg = String::from_utf8_lossy(&o.stderr).into_owned();
        let expected = match want {
            BlockSizeError::Invalid => format!("ls: invalid --block-size argument '{arg}'\n"),
            BlockSizeError::InvalidSuffix => {
                format!("ls: invalid suffix in --block-size argument '{arg}'\n")
            }
            BlockSizeError::TooLarge => format!("ls: --block-size argument '{arg}' too large\n"),
        };
        assert_eq!(msg, expected);
        assert_eq!(parse_block_size_checked(arg.as_bytes()), Err(want), "{arg}");
    }
}
