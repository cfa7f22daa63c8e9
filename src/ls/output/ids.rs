//! User and group names for the long format: /etc/passwd and /etc/group are mapped
//! once each, on the first name that is needed, and every id looked up is
//! remembered (a listing usually has a handful of owners). `users` reads a line
//! of those files as glibc does.

use crate::sys::{file, map};

use core::cell::{OnceCell, RefCell};

mod users;

/// Ids remembered per database; past this, lookups scan the file again.
const CACHED: usize = 64;

/// The ids looked up so far and their names (None: no name).
type Answers = heapless::Vec<(u32, Option<&'static [u8]>), CACHED>;

/// One database (/etc/passwd or /etc/group) and the answers given so far.
struct Db {
    path: &'static core::ffi::CStr,
    passwd: bool,
    /// The file's contents (empty when it cannot be read, as in an empty rootfs).
    bytes: OnceCell<&'static [u8]>,
    cache: RefCell<Answers>,
}

impl Db {
    const fn new(path: &'static core::ffi::CStr, passwd: bool) -> Db {
        Db {
            path,
            passwd,
            bytes: OnceCell::new(),
            cache: RefCell::new(heapless::Vec::new()),
        }
    }

    fn name(&self, id: u32) -> Option<&'static [u8]> {
        let mut cache = self.cache.borrow_mut();
        if let Some(&(_, n)) = cache.iter().rev().find(|(i, _)| *i == id) {
            return n;
        }
        let bytes = *self
            .bytes
            .get_or_init(|| map::whole_file(file::cwd(), self.path).unwrap_or(&[]));
        let n = if self.passwd {
            users::user_name(bytes, id)
        } else {
            users::group_name(bytes, id)
        };
        if cache.is_full() {
            cache.remove(0);
        }
        let _ = cache.push((id, n));
        n
    }
}

/// The names of users and groups.
pub struct Ids {
    users: Db,
    groups: Db,
}

impl Ids {
    pub const fn new() -> Ids {
        Ids {
            users: Db::new(c"/etc/passwd", true),
            groups: Db::new(c"/etc/group", false),
        }
    }

    /// The name of user `uid`, None when it has none. As gnulib's idcache, an
    /// empty name (the first matching line has one) counts as none.
    pub fn user(&self, uid: u32) -> Option<&'static [u8]> {
        self.users.name(uid).filter(|n| !n.is_empty())
    }

    /// The name of group `gid`, None when it has none (or an empty one).
    pub fn group(&self, gid: u32) -> Option<&'static [u8]> {
        self.groups.name(gid).filter(|n| !n.is_empty())
    }
}

impl Default for Ids {
    fn default() -> Ids {
        Ids::new()
    }
}
