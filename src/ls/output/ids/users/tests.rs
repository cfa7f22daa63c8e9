use super::*;

const PASSWD: &[u8] = b"root:x:0:0:root:/root:/bin/bash\n\
daemon:x:1:1:daemon:/usr/sbin:/usr/sbin/nologin\n\
# comment:x:2:2::/:/bin/sh\n\
\n\
   \t lead:x:3:3::/:/bin/sh\n\
+nis:x:4:4::/:/bin/sh\n\
-nis2:x:5:5::/:/bin/sh\n\
+\n\
short:x:6\n\
nogid:x:7:\n\
badgid:x:8:8x:\n\
baduid:x:9x:9:\n\
first:x:10:10::/:/bin/sh\n\
second:x:10:10::/:/bin/sh\n\
wrap:x:4294967297:0::/:\n\
neg:x:-2:0::/:\n\
huge:x:99999999999999999999999:0::/:\n\
spaced:x: 11:+1::/:\n\
:x:12:12::/:\n\
nul\0trick:x:13:13::/:\n\
tail:x:14:14";

#[test]
fn passwd_lookups() {
    let name = |id| user_name(PASSWD, id).map(|n| String::from_utf8(n.to_vec()).unwrap());
    assert_eq!(name(0).as_deref(), Some("root"));
    assert_eq!(name(1).as_deref(), Some("daemon"));
    assert_eq!(name(2), None, "comment line");
    assert_eq!(
        name(3).as_deref(),
        Some("lead"),
        "leading blanks are skipped"
    );
    assert_eq!(name(4), None, "+ NIS line");
    assert_eq!(name(5), None, "- NIS line");
    assert_eq!(name(6), None, "no gid field");
    assert_eq!(name(7), None, "empty gid field");
    assert_eq!(name(8), None, "gid with junk");
    assert_eq!(name(9), None, "uid with junk");
    assert_eq!(name(10).as_deref(), Some("first"), "first match wins");
    assert_eq!(name(1).as_deref(), Some("daemon"));
    // 4294967297 truncates to 1, but daemon comes first; -2 wraps to 0xfffffffe;
    // an overflowing number saturates to 0xffffffff.
    assert_eq!(name(0xffff_fffe).as_deref(), Some("neg"));
    assert_eq!(name(0xffff_ffff).as_deref(), Some("huge"));
    assert_eq!(name(11).as_deref(), Some("spaced"));
    assert_eq!(name(12).as_deref(), Some(""), "an empty name is a name");
    assert_eq!(name(13), None, "a NUL ends the line's text");
    assert_eq!(
        name(14).as_deref(),
        Some("tail"),
        "last line without newline"
    );
    assert_eq!(name(15), None);
    assert_eq!(user_name(b"", 0), None);
    assert_eq!(
        user_name(b"wrap:x:4294967297:0::/:\n", 1),
        Some(&b"wrap"[..])
    );
}

#[test]
fn group_lookups() {
    let group: &[u8] = b"root:x:0:\n\
wheel:x:10\n\
adm:x:4:syslog,alice\n\
+:::\n\
-bad:x:5:\n\
dup:x:4:\n\
bad:x:6x:\n\
cr:x:7\r\n\
  \n\
#x:x:8:\n\
ok:*:8:a,b,c";
    let name = |id| group_name(group, id).map(|n| String::from_utf8(n.to_vec()).unwrap());
    assert_eq!(name(0).as_deref(), Some("root"));
    assert_eq!(
        name(10).as_deref(),
        Some("wheel"),
        "group needs no member field"
    );
    assert_eq!(name(4).as_deref(), Some("adm"));
    assert_eq!(name(5), None);
    assert_eq!(name(6), None);
    assert_eq!(name(7), None, "a carriage return after the id is junk");
    assert_eq!(name(8).as_deref(), Some("ok"));
    // The same line format read as passwd needs a gid: wheel's line has none.
    assert_eq!(user_name(group, 10), None);
    assert_eq!(user_name(group, 4), None, "syslog,alice is not a number");
}

#[test]
fn the_machines_files_agree_with_getent() {
    for (file, db, user) in [
        ("/etc/passwd", "passwd", true),
        ("/etc/group", "group", false),
    ] {
        let contents = std::fs::read(file).unwrap();
        let out = std::process::Command::new("getent")
            .arg(db)
            .output()
            .unwrap();
        let mut checked = 0;
        for line in out.stdout.split(|&b| b == b'\n').filter(|l| !l.is_empty()) {
            let mut f = line.split(|&b| b == b':');
            f.next();
            let id: u32 = std::str::from_utf8(f.nth(1).unwrap())
                .unwrap()
                .parse()
                .unwrap();
            let want = std::process::Command::new("getent")
                .arg(db)
                .arg(id.to_string())
                .output()
                .unwrap();
            let want_name = want.stdout.split(|&b| b == b':').next().unwrap();
            let got = if user {
                user_name(&contents, id)
            } else {
                group_name(&contents, id)
            };
            assert_eq!(got, Some(want_name), "{db} {id}");
            checked += 1;
        }
        assert!(checked > 0);
    }
}
