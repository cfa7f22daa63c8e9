use super::*;

#[test]
fn xattr_paths() {
    let cwd = crate::sys::file::cwd();
    let mut s = Scratch::new();
    s.start(b"", cwd);
    assert_eq!(
        path_of(&mut s.path, s.prefix, b"name").unwrap().to_bytes(),
        b"name"
    );
    s.start(b"dir/sub", cwd);
    assert_eq!(
        path_of(&mut s.path, s.prefix, b"f").unwrap().to_bytes(),
        b"dir/sub/f"
    );
    assert_eq!(
        path_of(&mut s.path, s.prefix, b"longer")
            .unwrap()
            .to_bytes(),
        b"dir/sub/longer"
    );
    s.start(b"/", cwd);
    assert_eq!(
        path_of(&mut s.path, s.prefix, b"etc").unwrap().to_bytes(),
        b"/etc"
    );
    // Too long for the kernel: through the directory's descriptor.
    s.start(&[b'd'; 3000], cwd);
    let p = path_of(&mut s.path, s.prefix, b"f")
        .unwrap()
        .to_bytes()
        .to_vec();
    assert!(
        p.starts_with(b"/proc/self/fd/") && p.ends_with(b"/f"),
        "{p:?}"
    );
    s.start(b"x", cwd);
    assert!(path_of(&mut s.path, s.prefix, &[b'n'; 5000]).is_none());
}
