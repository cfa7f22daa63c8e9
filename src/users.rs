//! User and group names from the contents of /etc/passwd and /etc/group, read the way
//! glibc's `files` NSS service reads them (a static binary has no NSS).
//!
//! A line is `name:password:id:...`. As glibc does, leading white space is skipped,
//! empty lines and `#` comments are ignored, malformed lines are skipped, NIS compat
//! lines (a name starting with `+` or `-`) never match, and the first match wins.

/// The name of user `uid` in the passwd file contents `passwd`. A passwd line needs a
/// numeric group id as its fourth field, or glibc ignores it.
pub fn user_name(passwd: &[u8], uid: u32) -> Option<&[u8]> {
    name_for_id(passwd, uid, true)
}

/// The name of group `gid` in the group file contents `group`.
pub fn group_name(group: &[u8], gid: u32) -> Option<&[u8]> {
    name_for_id(group, gid, false)
}

/// The first valid line of `db` whose third field is `id`; `passwd` asks for the
/// passwd-only check of the fourth field.
fn name_for_id(db: &[u8], id: u32, passwd: bool) -> Option<&[u8]> {
    db.split(|&b| b == b'\n')
        .find_map(|line| match parse_line(line, passwd) {
            Some((name, line_id)) if line_id == id => Some(name),
            _ => None,
        })
}

/// C `isspace` in the C locale.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r')
}

/// Splits off the field before the next `:`; at the end of the line the field is the
/// rest and what follows is empty (glibc's string fields never fail).
fn field(line: &[u8]) -> (&[u8], &[u8]) {
    match line.iter().position(|&b| b == b':') {
        Some(i) => (&line[..i], &line[i + 1..]),
        None => (line, &line[line.len()..]),
    }
}

/// An integer field as glibc reads it: `strtoul` base 10 (leading white space and a
/// sign allowed, saturating at `u64::MAX`), truncated to 32 bits, and it must be
/// followed by `:` or the end of the line. Returns the value and the rest.
fn int_field(s: &[u8]) -> Option<(u32, &[u8])> {
    let mut i = 0;
    while i < s.len() && is_space(s[i]) {
        i += 1;
    }
    let negative = i < s.len() && s[i] == b'-';
    if i < s.len() && (s[i] == b'-' || s[i] == b'+') {
        i += 1;
    }
    let digits_start = i;
    let mut v: u64 = 0;
    let mut overflow = false;
    while i < s.len() && s[i].is_ascii_digit() {
        match v
            .checked_mul(10)
            .and_then(|x| x.checked_add(u64::from(s[i] - b'0')))
        {
            Some(x) => v = x,
            None => overflow = true,
        }
        i += 1;
    }
    if i == digits_start {
        return None; // strtoul parsed nothing
    }
    let v = if overflow {
        u64::MAX
    } else if negative {
        v.wrapping_neg()
    } else {
        v
    };
    match s.get(i) {
        None => Some((v as u32, &s[i..])),
        Some(b':') => Some((v as u32, &s[i + 1..])),
        Some(_) => None,
    }
}

/// `(name, id)` of a line that glibc would accept and could match, else None.
fn parse_line(line: &[u8], passwd: bool) -> Option<(&[u8], u32)> {
    // glibc's string functions stop at a NUL byte.
    let line = match line.iter().position(|&b| b == 0) {
        Some(i) => &line[..i],
        None => line,
    };
    let start = line.iter().position(|&b| !is_space(b))?;
    let line = &line[start..];
    if line[0] == b'#' {
        return None;
    }
    let (name, rest) = field(line);
    if name.first().is_some_and(|&b| b == b'+' || b == b'-') {
        return None;
    }
    let (_password, rest) = field(rest);
    let (id, rest) = int_field(rest)?;
    if passwd {
        int_field(rest)?; // the primary group id
    }
    Some((name, id))
}

#[cfg(test)]
mod tests {
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
}
