//! The host name (for `ls --hyperlink`): uname(2)'s nodename.

/// Copies the node name uname(2) reports into `buf` and returns it (empty when
/// it does not fit).
pub fn node_name(buf: &mut [u8; 65]) -> &[u8] {
    let u = rustix::system::uname();
    let n = u.nodename().to_bytes();
    if n.len() > buf.len() {
        return &buf[..0];
    }
    buf[..n.len()].copy_from_slice(n);
    &buf[..n.len()]
}
