use super::*;

struct Bytes(Vec<u8>);
impl Sink for Bytes {
    fn put(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
}

fn open_bytes(host: &[u8], path: &[u8]) -> Vec<u8> {
    let mut v = Bytes(Vec::new());
    open(&mut v, host, path);
    v.0
}

#[test]
fn gnu_encoding_of_every_ascii_punctuation() {
    // GNU 9.1: `ls --hyperlink=always` on a file named
    // a~._-Z9 !"#$%&'()*+,:;<=>?@[\]^`{|} in /tmp/colfx3 on host vm.
    let name = b"/tmp/colfx3/a~._-Z9 !\"#$%&'()*+,:;<=>?@[\\]^`{|}";
    assert_eq!(
        open_bytes(b"vm", name),
        b"\x1b]8;;file://vm/tmp/colfx3/a~._-Z9%20%21%22%23%24%25%26%27%28%29%2a%2b%2c\
%3a%3b%3c%3d%3e%3f%40%5b%5c%5d%5e%60%7b%7c%7d\x07"
            .to_vec()
    );
}

#[test]
fn gnu_encoding_of_controls_and_high_bytes() {
    assert_eq!(
        open_bytes(b"vm", b"/tmp/colfx3/x\ty"),
        b"\x1b]8;;file://vm/tmp/colfx3/x%09y\x07"
    );
    assert_eq!(
        open_bytes(b"vm", "/tmp/colfx3/á".as_bytes()),
        b"\x1b]8;;file://vm/tmp/colfx3/%c3%a1\x07"
    );
    assert_eq!(
        open_bytes(b"vm", b"/tmp/colfx3/\xff"),
        b"\x1b]8;;file://vm/tmp/colfx3/%ff\x07"
    );
    assert_eq!(
        open_bytes(b"vm", b"/tmp/colfx3/d ir"),
        b"\x1b]8;;file://vm/tmp/colfx3/d%20ir\x07"
    );
    assert_eq!(open_bytes(b"vm", b"/"), b"\x1b]8;;file://vm/\x07");
}

#[test]
fn host_escapes_slash_and_relative_gets_slash() {
    // GNU: `unshare -u`, sethostname("a b/c.d~%"), `ls --hyperlink=always -d dir`
    // in /tmp/colfx; and with an empty hostname.
    assert_eq!(
        open_bytes(b"a b/c.d~%", b"/tmp/colfx/dir"),
        b"\x1b]8;;file://a%20b%2fc.d~%25/tmp/colfx/dir\x07"
    );
    assert_eq!(
        open_bytes(b"", b"/tmp/colfx/dir"),
        b"\x1b]8;;file:///tmp/colfx/dir\x07"
    );
    assert_eq!(
        open_bytes(b"a/b c", b"/x"),
        b"\x1b]8;;file://a%2fb%20c/x\x07"
    );
    assert_eq!(open_bytes(b"h", b"rel/x"), b"\x1b]8;;file://h/rel/x\x07");
    assert_eq!(open_bytes(b"", b"/x"), b"\x1b]8;;file:///x\x07");
}

#[test]
fn close_is_bel_terminated() {
    let mut v = Bytes(Vec::new());
    close(&mut v);
    assert_eq!(v.0, b"\x1b]8;;\x07");
}

#[test]
fn percent_encode_keeps_unreserved() {
    let mut v = Bytes(Vec::new());
    let all: Vec<u8> = (0..=255u8).collect();
    percent_encode(&mut v, &all, true);
    let mut expect = Vec::new();
    for b in 0..=255u8 {
        if b.is_ascii_alphanumeric() || b"~._-/".contains(&b) {
            expect.push(b);
        } else {
            expect.extend_from_slice(format!("%{b:02x}").as_bytes());
        }
    }
    assert_eq!(v.0, expect);
}
