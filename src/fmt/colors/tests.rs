//! Unit tests. Expected bytes come from GNU ls 9.1 on the reference machine (the
//! commands are given with each test); the long GNU_* listings below were produced by
//! `LC_ALL=C TERM=xterm ls --color=always -1` (and `-l --time-style=+T`, keeping what
//! follows the ` T ` time field) in a fixture with every file type, set up as in
//! `fixture()`.

use super::*;

struct Bytes(Vec<u8>);
impl crate::fmt::Sink for Bytes {
    fn put(&mut self, b: &[u8]) {
        self.0.extend_from_slice(b);
    }
}

/// Parses `text` into leaked storage of exactly `storage_size(text)`.
fn try_db(text: &[u8]) -> Result<Database<'static>, ParseError> {
    let size = storage_size(text);
    let bytes = Box::leak(vec![0u8; size.bytes].into_boxed_slice());
    let slots = Box::leak(vec![Slot::EMPTY; size.slots].into_boxed_slice());
    parse(text, Storage { bytes, slots })
}

fn db(text: &str) -> Database<'static> {
    match try_db(text.as_bytes()) {
        Ok(d) => d,
        Err(e) => panic!("{text:?}: {e:?}"),
    }
}

fn err(text: &[u8]) -> ParseError {
    match try_db(text) {
        Ok(_) => panic!("{text:?} parsed"),
        Err(e) => e,
    }
}

/// `dircolors -b` on the reference machine (Debian 12, coreutils 9.1).
const DIRCOLORS: &str = include_str!("dircolors.txt");

const GNU_UNSET_ONE: &[u8] = b"a.TXT\nb.txt\n\x1b[0m\x1b[01;33mblk\x1b[0m\nc.tar.gz\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[01;32mexe\x1b[0m\n\x1b[33mfifo\x1b[0m\nhard\nhard2\n\x1b[01;36mlnexe\x1b[0m\n\x1b[01;36mlnfifo\x1b[0m\n\x1b[01;36mlnhard\x1b[0m\n\x1b[01;36mlnk\x1b[0m\n\x1b[01;36mlnkdir\x1b[0m\n\x1b[01;36mlnlnk\x1b[0m\n\x1b[01;36mlnorphan\x1b[0m\n\x1b[01;36mlntxt.gz\x1b[0m\n\x1b[01;36morphan\x1b[0m\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_UNSET_LONG: &[u8] = b"total 20\na.TXT\nb.txt\n\x1b[0m\x1b[01;33mblk\x1b[0m\nc.tar.gz\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[01;32mexe\x1b[0m\n\x1b[33mfifo\x1b[0m\nhard\nhard2\n\x1b[01;36mlnexe\x1b[0m -> exe\n\x1b[01;36mlnfifo\x1b[0m -> fifo\n\x1b[01;36mlnhard\x1b[0m -> hard\n\x1b[01;36mlnk\x1b[0m -> reg\n\x1b[01;36mlnkdir\x1b[0m -> dir\n\x1b[01;36mlnlnk\x1b[0m -> lnk\n\x1b[01;36mlnorphan\x1b[0m -> orphan\n\x1b[01;36mlntxt.gz\x1b[0m -> b.txt\n\x1b[01;36morphan\x1b[0m -> nowhere\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_DIRCOLORS_ONE: &[u8] = b"a.TXT\nb.txt\n\x1b[0m\x1b[40;33;01mblk\x1b[0m\n\x1b[01;31mc.tar.gz\x1b[0m\n\x1b[40;33;01mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[01;32mexe\x1b[0m\n\x1b[40;33mfifo\x1b[0m\nhard\nhard2\n\x1b[01;36mlnexe\x1b[0m\n\x1b[01;36mlnfifo\x1b[0m\n\x1b[01;36mlnhard\x1b[0m\n\x1b[01;36mlnk\x1b[0m\n\x1b[01;36mlnkdir\x1b[0m\n\x1b[01;36mlnlnk\x1b[0m\n\x1b[40;31;01mlnorphan\x1b[0m\n\x1b[01;36mlntxt.gz\x1b[0m\n\x1b[40;31;01morphan\x1b[0m\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_DIRCOLORS_LONG: &[u8] = b"total 20\na.TXT\nb.txt\n\x1b[0m\x1b[40;33;01mblk\x1b[0m\n\x1b[01;31mc.tar.gz\x1b[0m\n\x1b[40;33;01mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[01;32mexe\x1b[0m\n\x1b[40;33mfifo\x1b[0m\nhard\nhard2\n\x1b[01;36mlnexe\x1b[0m -> \x1b[01;32mexe\x1b[0m\n\x1b[01;36mlnfifo\x1b[0m -> \x1b[40;33mfifo\x1b[0m\n\x1b[01;36mlnhard\x1b[0m -> hard\n\x1b[01;36mlnk\x1b[0m -> reg\n\x1b[01;36mlnkdir\x1b[0m -> \x1b[01;34mdir\x1b[0m\n\x1b[01;36mlnlnk\x1b[0m -> lnk\n\x1b[40;31;01mlnorphan\x1b[0m -> \x1b[40;31;01morphan\x1b[0m\n\x1b[01;36mlntxt.gz\x1b[0m -> b.txt\n\x1b[40;31;01morphan\x1b[0m -> \x1b[40;31;01mnowhere\x1b[0m\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_TARGET_MH_ONE: &[u8] = b"a.TXT\nb.txt\n\x1b[0m\x1b[01;33mblk\x1b[0m\n\x1b[35mc.tar.gz\x1b[0m\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[01;32mexe\x1b[0m\n\x1b[33mfifo\x1b[0m\n\x1b[44mhard\x1b[0m\n\x1b[44mhard2\x1b[0m\n\x1b[01;32mlnexe\x1b[0m\n\x1b[33mlnfifo\x1b[0m\nlnhard\nlnk\n\x1b[01;34mlnkdir\x1b[0m\nlnlnk\n\x1b[31mlnorphan\x1b[0m\n\x1b[35mlntxt.gz\x1b[0m\n\x1b[31morphan\x1b[0m\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_TARGET_MH_LONG: &[u8] = b"total 20\na.TXT\nb.txt\n\x1b[0m\x1b[01;33mblk\x1b[0m\n\x1b[35mc.tar.gz\x1b[0m\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[01;32mexe\x1b[0m\n\x1b[33mfifo\x1b[0m\n\x1b[44mhard\x1b[0m\n\x1b[44mhard2\x1b[0m\n\x1b[01;32mlnexe\x1b[0m -> \x1b[01;32mexe\x1b[0m\n\x1b[33mlnfifo\x1b[0m -> \x1b[33mfifo\x1b[0m\nlnhard -> hard\nlnk -> reg\n\x1b[01;34mlnkdir\x1b[0m -> \x1b[01;34mdir\x1b[0m\nlnlnk -> lnk\n\x1b[31mlnorphan\x1b[0m -> \x1b[32morphan\x1b[0m\n\x1b[35mlntxt.gz\x1b[0m -> b.txt\n\x1b[31morphan\x1b[0m -> \x1b[32mnowhere\x1b[0m\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_NO_EC_ONE: &[u8] = b"XX\x1b[44m\x1b[m\x1b[35ma.TXTXX\n\x1b[44m\x1b[m\x1b[35mb.txtXX\n\x1b[44m\x1b[m\x1b[01;33mblkXX\n\x1b[44m\x1b[m\x1b[35mc.tar.gzXX\n\x1b[44m\x1b[m\x1b[01;33mchrXX\n\x1b[44m\x1b[m\x1b[01;34mdirXX\n\x1b[44m\x1b[m\x1b[01;32mexeXX\n\x1b[44m\x1b[m\x1b[33mfifoXX\n\x1b[44m\x1b[m\x1b[35mhardXX\n\x1b[44m\x1b[m\x1b[35mhard2XX\n\x1b[44m\x1b[m\x1b[01;36mlnexeXX\n\x1b[44m\x1b[m\x1b[01;36mlnfifoXX\n\x1b[44m\x1b[m\x1b[01;36mlnhardXX\n\x1b[44m\x1b[m\x1b[01;36mlnkXX\n\x1b[44m\x1b[m\x1b[01;36mlnkdirXX\n\x1b[44m\x1b[m\x1b[01;36mlnlnkXX\n\x1b[44m\x1b[m\x1b[01;36mlnorphanXX\n\x1b[44m\x1b[m\x1b[01;36mlntxt.gzXX\n\x1b[44m\x1b[m\x1b[01;36morphanXX\n\x1b[44m\x1b[m\x1b[34;42mowXX\n\x1b[44m\x1b[m\x1b[35mregXX\n\x1b[44m\x1b[m\x1b[30;43msgidXX\n\x1b[44m\x1b[m\x1b[01;35msockXX\n\x1b[44m\x1b[m\x1b[37;44mstickyXX\n\x1b[44m\x1b[m\x1b[37;41msuidXX\n\x1b[44m\x1b[m\x1b[30;42mtwXX\n";
const GNU_NO_EC_LONG: &[u8] = b"total 20\n\x1b[m\x1b[35ma.TXTXX\n\x1b[m\x1b[35mb.txtXX\n\x1b[m\x1b[01;33mblkXX\n\x1b[m\x1b[35mc.tar.gzXX\n\x1b[m\x1b[01;33mchrXX\n\x1b[m\x1b[01;34mdirXX\n\x1b[m\x1b[01;32mexeXX\n\x1b[m\x1b[33mfifoXX\n\x1b[m\x1b[35mhardXX\n\x1b[m\x1b[35mhard2XX\n\x1b[m\x1b[01;36mlnexeXX -> exeXX\n\x1b[m\x1b[01;36mlnfifoXX -> fifoXX\n\x1b[m\x1b[01;36mlnhardXX -> hardXX\n\x1b[m\x1b[01;36mlnkXX -> regXX\n\x1b[m\x1b[01;36mlnkdirXX -> dirXX\n\x1b[m\x1b[01;36mlnlnkXX -> lnkXX\n\x1b[m\x1b[01;36mlnorphanXX -> orphanXX\n\x1b[m\x1b[01;36mlntxt.gzXX -> b.txtXX\n\x1b[m\x1b[01;36morphanXX -> nowhereXX\n\x1b[m\x1b[34;42mowXX\n\x1b[m\x1b[35mregXX\n\x1b[m\x1b[30;43msgidXX\n\x1b[m\x1b[01;35msockXX\n\x1b[m\x1b[37;44mstickyXX\n\x1b[m\x1b[37;41msuidXX\n\x1b[m\x1b[30;42mtwXX\n";
const GNU_LCRC_ONE: &[u8] = b"a.TXT\nb.txt\n<R><01;33>blk<R>\nc.tar.gz\n<01;33>chr<R>\n<01;34>dir<R>\n<01;32>exe<R>\n<33>fifo<R>\nhard\nhard2\n<01;36>lnexe<R>\n<01;36>lnfifo<R>\n<01;36>lnhard<R>\n<01;36>lnk<R>\n<01;36>lnkdir<R>\n<01;36>lnlnk<R>\n<01;36>lnorphan<R>\n<01;36>lntxt.gz<R>\n<01;36>orphan<R>\n<34;42>ow<R>\nreg\n<30;43>sgid<R>\n<01;35>sock<R>\n<37;44>sticky<R>\n<37;41>suid<R>\n<30;42>tw<R>\n<>";
const GNU_LCRC_LONG: &[u8] = b"total 20\na.TXT\nb.txt\n<R><01;33>blk<R>\nc.tar.gz\n<01;33>chr<R>\n<01;34>dir<R>\n<01;32>exe<R>\n<33>fifo<R>\nhard\nhard2\n<01;36>lnexe<R> -> exe\n<01;36>lnfifo<R> -> fifo\n<01;36>lnhard<R> -> hard\n<01;36>lnk<R> -> reg\n<01;36>lnkdir<R> -> dir\n<01;36>lnlnk<R> -> lnk\n<01;36>lnorphan<R> -> orphan\n<01;36>lntxt.gz<R> -> b.txt\n<01;36>orphan<R> -> nowhere\n<34;42>ow<R>\nreg\n<30;43>sgid<R>\n<01;35>sock<R>\n<37;44>sticky<R>\n<37;41>suid<R>\n<30;42>tw<R>\n<>";
const GNU_STAR_ONE: &[u8] = b"\x1b[0m\x1b[5ma.TXT\x1b[0m\n\x1b[5mb.txt\x1b[0m\n\x1b[01;33mblk\x1b[0m\n\x1b[5mc.tar.gz\x1b[0m\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[5mexe\x1b[0m\n\x1b[33mfifo\x1b[0m\n\x1b[5mhard\x1b[0m\n\x1b[5mhard2\x1b[0m\n\x1b[01;36mlnexe\x1b[0m\n\x1b[01;36mlnfifo\x1b[0m\n\x1b[01;36mlnhard\x1b[0m\n\x1b[01;36mlnk\x1b[0m\n\x1b[01;36mlnkdir\x1b[0m\n\x1b[01;36mlnlnk\x1b[0m\n\x1b[01;36mlnorphan\x1b[0m\n\x1b[01;36mlntxt.gz\x1b[0m\n\x1b[01;36morphan\x1b[0m\n\x1b[01;34mow\x1b[0m\n\x1b[5mreg\x1b[0m\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[01;34msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_STAR_LONG: &[u8] = b"total 20\n\x1b[0m\x1b[5ma.TXT\x1b[0m\n\x1b[5mb.txt\x1b[0m\n\x1b[01;33mblk\x1b[0m\n\x1b[5mc.tar.gz\x1b[0m\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[5mexe\x1b[0m\n\x1b[33mfifo\x1b[0m\n\x1b[5mhard\x1b[0m\n\x1b[5mhard2\x1b[0m\n\x1b[01;36mlnexe\x1b[0m -> exe\n\x1b[01;36mlnfifo\x1b[0m -> fifo\n\x1b[01;36mlnhard\x1b[0m -> hard\n\x1b[01;36mlnk\x1b[0m -> reg\n\x1b[01;36mlnkdir\x1b[0m -> dir\n\x1b[01;36mlnlnk\x1b[0m -> lnk\n\x1b[01;36mlnorphan\x1b[0m -> orphan\n\x1b[01;36mlntxt.gz\x1b[0m -> b.txt\n\x1b[01;36morphan\x1b[0m -> nowhere\n\x1b[01;34mow\x1b[0m\n\x1b[5mreg\x1b[0m\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[01;34msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_TARGET_NOEX_ONE: &[u8] = b"a.TXT\nb.txt\n\x1b[0m\x1b[01;33mblk\x1b[0m\nc.tar.gz\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\nexe\n\x1b[33mfifo\x1b[0m\nhard\nhard2\nlnexe\nlnfifo\nlnhard\nlnk\nlnkdir\nlnlnk\nlnorphan\nlntxt.gz\norphan\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_TARGET_NOEX_LONG: &[u8] = b"total 20\na.TXT\nb.txt\n\x1b[0m\x1b[01;33mblk\x1b[0m\nc.tar.gz\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\nexe\n\x1b[33mfifo\x1b[0m\nhard\nhard2\nlnexe -> exe\nlnfifo -> fifo\nlnhard -> hard\nlnk -> reg\nlnkdir -> dir\nlnlnk -> lnk\nlnorphan -> orphan\nlntxt.gz -> b.txt\norphan -> nowhere\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_MI_ONLY_ONE: &[u8] = b"a.TXT\nb.txt\n\x1b[0m\x1b[01;33mblk\x1b[0m\nc.tar.gz\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[01;32mexe\x1b[0m\n\x1b[33mfifo\x1b[0m\nhard\nhard2\n\x1b[01;36mlnexe\x1b[0m\n\x1b[01;36mlnfifo\x1b[0m\n\x1b[01;36mlnhard\x1b[0m\n\x1b[01;36mlnk\x1b[0m\n\x1b[01;36mlnkdir\x1b[0m\n\x1b[01;36mlnlnk\x1b[0m\n\x1b[01;36mlnorphan\x1b[0m\n\x1b[01;36mlntxt.gz\x1b[0m\n\x1b[01;36morphan\x1b[0m\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";
const GNU_MI_ONLY_LONG: &[u8] = b"total 20\na.TXT\nb.txt\n\x1b[0m\x1b[01;33mblk\x1b[0m\nc.tar.gz\n\x1b[01;33mchr\x1b[0m\n\x1b[01;34mdir\x1b[0m\n\x1b[01;32mexe\x1b[0m\n\x1b[33mfifo\x1b[0m\nhard\nhard2\n\x1b[01;36mlnexe\x1b[0m -> \x1b[01;32mexe\x1b[0m\n\x1b[01;36mlnfifo\x1b[0m -> \x1b[33mfifo\x1b[0m\n\x1b[01;36mlnhard\x1b[0m -> hard\n\x1b[01;36mlnk\x1b[0m -> reg\n\x1b[01;36mlnkdir\x1b[0m -> \x1b[01;34mdir\x1b[0m\n\x1b[01;36mlnlnk\x1b[0m -> lnk\n\x1b[01;36mlnorphan\x1b[0m -> \x1b[32morphan\x1b[0m\n\x1b[01;36mlntxt.gz\x1b[0m -> b.txt\n\x1b[01;36morphan\x1b[0m -> \x1b[32mnowhere\x1b[0m\n\x1b[34;42mow\x1b[0m\nreg\n\x1b[30;43msgid\x1b[0m\n\x1b[01;35msock\x1b[0m\n\x1b[37;44msticky\x1b[0m\n\x1b[37;41msuid\x1b[0m\n\x1b[30;42mtw\x1b[0m\n";

// ---------------------------------------------------------------- the fixture

struct Entry {
    name: &'static str,
    file_type: FileType,
    mode: u32,
    nlink: u64,
    /// Symlinks: the target text and the target's mode (None: missing).
    link: Option<(&'static str, Option<u32>)>,
}

const fn e(name: &'static str, file_type: FileType, mode: u32, nlink: u64) -> Entry {
    Entry { name, file_type, mode, nlink, link: None }
}
const fn l(name: &'static str, target: &'static str, target_mode: Option<u32>) -> Entry {
    Entry { name, file_type: FileType::Symlink, mode: 0o120777, nlink: 1, link: Some((target, target_mode)) }
}

/// /tmp/colfx on the reference machine, in `LC_ALL=C` order.
fn fixture() -> Vec<Entry> {
    use FileType::*;
    vec![
        e("a.TXT", Regular, 0o100644, 1),
        e("b.txt", Regular, 0o100644, 1),
        e("blk", BlockDevice, 0o060644, 1),
        e("c.tar.gz", Regular, 0o100644, 1),
        e("chr", CharDevice, 0o020644, 1),
        e("dir", Directory, 0o040755, 2),
        e("exe", Regular, 0o100755, 1),
        e("fifo", Fifo, 0o010644, 1),
        e("hard", Regular, 0o100644, 2),
        e("hard2", Regular, 0o100644, 2),
        l("lnexe", "exe", Some(0o100755)),
        l("lnfifo", "fifo", Some(0o010644)),
        l("lnhard", "hard", Some(0o100644)),
        l("lnk", "reg", Some(0o100644)),
        l("lnkdir", "dir", Some(0o040755)),
        l("lnlnk", "lnk", Some(0o100644)),
        l("lnorphan", "orphan", None),
        l("lntxt.gz", "b.txt", Some(0o100644)),
        l("orphan", "nowhere", None),
        e("ow", Directory, 0o040777, 2),
        e("reg", Regular, 0o100644, 1),
        e("sgid", Regular, 0o102755, 1),
        e("sock", Socket, 0o140755, 1),
        e("sticky", Directory, 0o041755, 2),
        e("suid", Regular, 0o104755, 1),
        e("tw", Directory, 0o041777, 2),
    ]
}

/// What ls would know about `x` when gathering as `needs` asks (every entry stat'd
/// in `-l`; targets stat'd only when `follow_symlinks`).
fn gather(x: &Entry, needs: &Needs, long: bool) -> Facts {
    let stat = long
        || match x.file_type {
            FileType::Regular => needs.stat_regular,
            FileType::Directory => needs.stat_directories,
            FileType::Symlink => needs.stat_symlinks,
            _ => false,
        };
    let mut f = Facts::from_type(x.file_type);
    if stat {
        f.stat = Some(Stat { mode: x.mode, nlink: x.nlink });
        if needs.follow_symlinks {
            f.target_mode = x.link.and_then(|(_, m)| m);
        }
    }
    f
}

/// The listing as GNU writes it with `-1` or (the part after the time) `-l`.
fn render(db: &Database, long: bool) -> Vec<u8> {
    let needs = db.needs(long);
    let mut out = Bytes(Vec::new());
    let mut p = Painter::new(db);
    if long {
        out.0.extend_from_slice(b"total 20\n");
    }
    for x in fixture() {
        let facts = gather(&x, &needs, long);
        if long {
            // `no` goes before the mode string, which the expected text leaves out.
            p.normal(&mut Bytes(Vec::new()));
        } else {
            p.normal(&mut out);
        }
        let seq = db.name_sequence(&facts, x.name.as_bytes());
        p.begin_name(&mut out, seq);
        out.0.extend_from_slice(x.name.as_bytes());
        p.end_name(&mut out, seq.is_some(), 0, x.name.len(), 0);
        if let (true, Some((target, _))) = (long, x.link) {
            out.0.extend_from_slice(b" -> ");
            let seq = db.target_sequence(&facts, target.as_bytes());
            p.begin_name(&mut out, seq);
            out.0.extend_from_slice(target.as_bytes());
            p.end_name(&mut out, seq.is_some(), 0, target.len(), 0);
        }
        out.0.push(b'\n');
    }
    p.finish(&mut out);
    out.0
}

fn same(got: Vec<u8>, want: &[u8]) {
    if got != want {
        panic!(
            "differs from GNU\n got: {}\nwant: {}",
            String::from_utf8_lossy(&got).escape_debug(),
            String::from_utf8_lossy(want).escape_debug()
        );
    }
}

#[test]
fn listing_builtin() {
    same(render(&Database::builtin(), false), GNU_UNSET_ONE);
    same(render(&Database::builtin(), true), GNU_UNSET_LONG);
}

#[test]
fn listing_dircolors() {
    let d = db(DIRCOLORS);
    same(render(&d, false), GNU_DIRCOLORS_ONE);
    same(render(&d, true), GNU_DIRCOLORS_LONG);
}

#[test]
fn listing_ln_target_mh_or_mi() {
    let d = db("ln=target:mh=44:*.gz=35:or=31:mi=32");
    same(render(&d, false), GNU_TARGET_MH_ONE);
    same(render(&d, true), GNU_TARGET_MH_LONG);
}

#[test]
fn listing_no_ec() {
    let d = db("no=44:fi=35:ec=XX");
    same(render(&d, false), GNU_NO_EC_ONE);
    same(render(&d, true), GNU_NO_EC_LONG);
}

#[test]
fn listing_custom_lc_rc_rs_and_exit() {
    let d = db("lc=<:rc=>:rs=R");
    same(render(&d, false), GNU_LCRC_ONE);
    same(render(&d, true), GNU_LCRC_LONG);
}

#[test]
fn listing_empty_suffix_and_uncolored_types() {
    let d = db("*=5:ex=:ow=:st=");
    same(render(&d, false), GNU_STAR_ONE);
    same(render(&d, true), GNU_STAR_LONG);
}

#[test]
fn listing_ln_target_without_ex_follows_nothing() {
    let d = db("ln=target:ex=");
    same(render(&d, false), GNU_TARGET_NOEX_ONE);
    same(render(&d, true), GNU_TARGET_NOEX_LONG);
}

#[test]
fn listing_mi_only() {
    let d = db("mi=32");
    same(render(&d, false), GNU_MI_ONLY_ONE);
    same(render(&d, true), GNU_MI_ONLY_LONG);
}

// ---------------------------------------------------------------- parsing

#[test]
fn builtin_values() {
    let d = Database::builtin();
    let want: [(Key, Option<&[u8]>); 24] = [
        (Key::Left, Some(b"\x1b[")),
        (Key::Right, Some(b"m")),
        (Key::End, None),
        (Key::Reset, Some(b"0")),
        (Key::Normal, None),
        (Key::File, None),
        (Key::Dir, Some(b"01;34")),
        (Key::Link, Some(b"01;36")),
        (Key::Fifo, Some(b"33")),
        (Key::Socket, Some(b"01;35")),
        (Key::Block, Some(b"01;33")),
        (Key::Char, Some(b"01;33")),
        (Key::Missing, None),
        (Key::Orphan, None),
        (Key::Exec, Some(b"01;32")),
        (Key::Door, Some(b"01;35")),
        (Key::Setuid, Some(b"37;41")),
        (Key::Setgid, Some(b"30;43")),
        (Key::Sticky, Some(b"37;44")),
        (Key::OtherWritable, Some(b"34;42")),
        (Key::StickyOtherWritable, Some(b"30;42")),
        (Key::Capability, None),
        (Key::MultiHardlink, None),
        (Key::ClearToEol, Some(b"\x1b[K")),
    ];
    for (k, v) in want {
        assert_eq!(d.get(k), v, "{k:?}");
    }
    assert!(!d.link_as_target());
    assert_eq!(d.suffix_count(), 0);
}

#[test]
fn labels_round_trip() {
    for k in Key::ALL {
        assert_eq!(Key::from_label(*k.label()), Some(k));
    }
    assert_eq!(Key::from_label(*b"DI"), None);
    assert_eq!(Key::from_label(*b"zz"), None);
}

#[test]
fn every_key_is_settable() {
    for k in Key::ALL {
        let text = format!("{}=7;1", core::str::from_utf8(k.label()).unwrap());
        assert_eq!(db(&text).get(k), Some(&b"7;1"[..]), "{text}");
    }
}

/// The bytes GNU writes for `di=VALUE ls --color=always -d dir` are
/// `\e[0m\e[` VALUE `mdir\e[0m\n`; these are the decoded VALUEs it showed.
#[test]
fn escapes_as_gnu_decodes_them() {
    let cases: &[(&str, &[u8])] = &[
        (r"\a\b\e\f\n\r\t\v\?\_", b"\x07\x08\x1b\x0c\n\r\t\x0b\x7f "),
        (r"\101\0101\1012", b"AA\n"),
        (r"\777", b"\xff"),
        (r"\400", b"\0"),
        (r"\0", b"\0"),
        (r"\1", b"\x01"),
        (r"\x41\x4g\xAbc\X41", b"A\x04g\xbcA"),
        (r"\x", b"\0"),
        (r"\xz", b"\0z"),
        (r"\x100", b"\0"),
        (r"\x1234", b"4"),
        (r"\q\:\=\^\\", b"q:=^\\"),
        ("^@^A^Z^[^\\^]^^^_^`^a^z^{^|^}^~", b"\0\x01\x1a\x1b\x1c\x1d\x1e\x1f\0\x01\x1a\x1b\x1c\x1d\x1e"),
        ("^?", b"\x7f?"),
        ("a=b^?", b"a=b\x7f?"),
        ("1=2", b"1=2"),
        ("^[[3", b"\x1b[3"),
        ("", b""),
    ];
    for (value, want) in cases {
        let text = format!("di={value}");
        assert_eq!(db(&text).get(Key::Dir), Some(*want), "{text}");
    }
    // A value ends at ':' even right after \x digits.
    let d = db(r"di=\x:fi=1");
    assert_eq!(d.get(Key::Dir), Some(&b"\0"[..]));
    assert_eq!(d.get(Key::File), Some(&b"1"[..]));
}

#[test]
fn separators_and_overrides() {
    let d = db(":::di=1:");
    assert_eq!(d.get(Key::Dir), Some(&b"1"[..]));
    let d = db("di=1:di=2:ln=target:ln=5");
    assert_eq!(d.get(Key::Dir), Some(&b"2"[..]));
    assert!(!d.link_as_target());
    assert!(db("ln=5:ln=target").link_as_target());
    assert!(!db("ln=targets").link_as_target());
    // A NUL ends the text, as it ends GNU's C string.
    assert_eq!(db("di=1\0zz").get(Key::Dir), Some(&b"1"[..]));
}

#[test]
fn invalid_texts() {
    let unparsable = ParseError::Invalid { prefix: None };
    let prefix = |p: &[u8; 2]| ParseError::Invalid { prefix: Some(*p) };
    // Each checked with `LS_COLORS=... ls --color=always -d dir`.
    assert_eq!(err(b"zz=1"), prefix(b"zz"));
    assert_eq!(err(b"di=1:zz=1"), prefix(b"zz"));
    assert_eq!(err(b"di=\\"), prefix(b"di"));
    assert_eq!(err(b"di=^1"), prefix(b"di"));
    assert_eq!(err(b"di=^"), prefix(b"di"));
    assert_eq!(err(b"di=^ "), prefix(b"di"));
    assert_eq!(err(b"'a=1"), prefix(b"'a"));
    assert_eq!(err(b"DI=1"), prefix(b"DI"));
    for t in [&b"abc"[..], b"d", b"di", b"*.x", b"*.x:di=1", b"*", b"*.txt=\\", b"==x=1", b"\\\\a=1", b"di=a:b", b"d:"] {
        assert_eq!(err(t), unparsable, "{:?}", String::from_utf8_lossy(t));
    }
}

#[test]
fn messages_as_gnu_writes_them() {
    let msg = |text: &[u8], utf8: bool| {
        let mut out = Bytes(Vec::new());
        err(text).write_messages(utf8, &mut out);
        out.0
    };
    let tail = "ls: unparsable value for LS_COLORS environment variable\n";
    assert_eq!(msg(b"abc", false), tail.as_bytes());
    assert_eq!(msg(b"abc", true), tail.as_bytes());
    let cases: &[(&[u8], &str, &str)] = &[
        (b"zz=1", "'zz'", "\u{2018}zz\u{2019}"),
        (b"'a=1", "'\\'a'", "\u{2018}'a\u{2019}"),
        (b"\\a=1", "'\\\\a'", "\u{2018}\\\\a\u{2019}"),
        (b"a\\=1", "'a\\\\'", "\u{2018}a\\\\\u{2019}"),
        (b"\t\x7f=1", "'\\t\\177'", "\u{2018}\\t\\177\u{2019}"),
        (b"\x01a=1", "'\\001a'", "\u{2018}\\001a\u{2019}"),
        (b"\xc3a=1", "'\\303a'", "\u{2018}\\303a\u{2019}"),
        (b"a\xc3=1", "'a\\303'", "\u{2018}a\\303\u{2019}"),
        (b" \"=1", "' \"'", "\u{2018} \"\u{2019}"),
        (b"\x1b[=1", "'\\033['", "\u{2018}\\033[\u{2019}"),
        (b"di=\\", "'di'", "\u{2018}di\u{2019}"),
    ];
    for (text, c, u) in cases {
        let want = |q: &str| format!("ls: unrecognized prefix: {q}\n{tail}").into_bytes();
        assert_eq!(msg(text, false), want(c), "C {:?}", String::from_utf8_lossy(text));
        assert_eq!(msg(text, true), want(u), "UTF-8 {:?}", String::from_utf8_lossy(text));
    }
    // é: octal in C, itself in UTF-8.
    let mut out = Bytes(Vec::new());
    err("é=1".as_bytes()).write_messages(true, &mut out);
    assert_eq!(out.0, format!("ls: unrecognized prefix: \u{2018}é\u{2019}\n{tail}").into_bytes());
    let mut out = Bytes(Vec::new());
    err("é=1".as_bytes()).write_messages(false, &mut out);
    assert_eq!(out.0, format!("ls: unrecognized prefix: '\\303\\251'\n{tail}").into_bytes());
}

#[test]
fn storage_is_enough_and_checked() {
    assert_eq!(storage_size(b"di=1"), StorageSize { bytes: 4, slots: 0 });
    assert_eq!(storage_size(b"*.a=1"), StorageSize { bytes: 5, slots: 2 });
    assert_eq!(storage_size(b"*.a=1:*.b=2:*.c=3"), StorageSize { bytes: 17, slots: 8 });
    // Too little memory is an error, not a panic.
    let bytes = Box::leak(vec![0u8; 2].into_boxed_slice());
    let r = parse(b"di=1234", Storage { bytes, slots: &mut [] });
    assert_eq!(r.err(), Some(ParseError::NoRoom));
    let bytes = Box::leak(vec![0u8; 64].into_boxed_slice());
    let r = parse(b"*.a=1:*.b=2", Storage { bytes, slots: &mut [] });
    assert_eq!(r.err(), Some(ParseError::NoRoom));
    // dircolors' database fits its size exactly.
    let d = db(DIRCOLORS);
    assert_eq!(d.suffix_count(), 130);
}

#[test]
fn is_colored_rules() {
    let d = db("fi=:di=0:ln=00:pi=000:so=1");
    assert!(!d.is_colored(Key::File));
    assert!(!d.is_colored(Key::Dir));
    assert!(!d.is_colored(Key::Link));
    assert!(d.is_colored(Key::Fifo));
    assert!(d.is_colored(Key::Socket));
    assert!(!d.is_colored(Key::Normal));
}

// ---------------------------------------------------------------- suffixes

#[test]
fn suffix_latest_definition_wins_not_longest() {
    // GNU: `*.gz=1:*ar.gz=2` colors c.tar.gz with 2; `*ar.gz=2:*.gz=1` with 1.
    assert_eq!(db("*.gz=1:*ar.gz=2").suffix_sequence(b"c.tar.gz"), Some(&b"2"[..]));
    assert_eq!(db("*ar.gz=2:*.gz=1").suffix_sequence(b"c.tar.gz"), Some(&b"1"[..]));
}

#[test]
fn suffix_case_insensitive_later_case_variant_hides_earlier() {
    // GNU 9.1: `*.txt=31` colors a.TXT and b.txt; `*.txt=31:*.TXT=32` colors both 32.
    let d = db("*.txt=31");
    assert_eq!(d.suffix_sequence(b"a.TXT"), Some(&b"31"[..]));
    assert_eq!(d.suffix_sequence(b"b.txt"), Some(&b"31"[..]));
    let d = db("*.txt=31:*.TXT=32");
    assert_eq!(d.suffix_sequence(b"a.TXT"), Some(&b"32"[..]));
    assert_eq!(d.suffix_sequence(b"b.txt"), Some(&b"32"[..]));
    assert_eq!(d.suffix_count(), 1);
    // Only ASCII letters fold.
    assert_eq!(db("*\u{e9}=1").suffix_sequence("\u{c9}".as_bytes()), None);
}

#[test]
fn suffix_edge_cases() {
    let d = db("*=5:*.c=6");
    assert_eq!(d.suffix_sequence(b"x.c"), Some(&b"6"[..]));
    assert_eq!(d.suffix_sequence(b"x.h"), Some(&b"5"[..]));
    assert_eq!(d.suffix_sequence(b""), Some(&b"5"[..]));
    let d = db("*.c=6:*=5");
    assert_eq!(d.suffix_sequence(b"x.c"), Some(&b"5"[..]));
    let d = db("*README=1:*~=2:*.tar.gz=3");
    assert_eq!(d.suffix_sequence(b"README"), Some(&b"1"[..]));
    assert_eq!(d.suffix_sequence(b"xreadme"), Some(&b"1"[..]));
    assert_eq!(d.suffix_sequence(b"EADME"), None);
    assert_eq!(d.suffix_sequence(b"f~"), Some(&b"2"[..]));
    assert_eq!(d.suffix_sequence(b".tar.gz"), Some(&b"3"[..]));
    assert_eq!(d.suffix_sequence(b"tar.gz"), None);
    // Escapes in the suffix; `=` ends it; the value may hold `=`.
    let d = db(r"*\x2etxt=7:*a=b=7");
    assert_eq!(d.suffix_sequence(b"b.txt"), Some(&b"7"[..]));
    assert_eq!(d.suffix_sequence(b"a"), Some(&b"b=7"[..]));
    let d = db(r"*.t\=t=5");
    assert_eq!(d.suffix_sequence(b"x.t=t"), Some(&b"5"[..]));
    // Empty value: still a sequence (GNU writes `\e[m`).
    assert_eq!(db("*.txt=").suffix_sequence(b"b.txt"), Some(&b""[..]));
}

#[test]
fn suffix_long_suffixes() {
    let long = "x".repeat(100);
    let text = format!("*.{long}=1:*{long}=2:*.c=3");
    let d = db(&text);
    assert_eq!(d.suffix_sequence(format!("a.{long}").as_bytes()), Some(&b"2"[..]));
    assert_eq!(d.suffix_sequence(format!("a{long}").as_bytes()), Some(&b"2"[..]));
    assert_eq!(d.suffix_sequence(format!("{}", &long[1..]).as_bytes()), None);
    assert_eq!(d.suffix_sequence(b"q.c"), Some(&b"3"[..]));
}

/// The table against the plain rule (the newest matching entry), on many entries.
#[test]
fn suffix_table_matches_linear_scan() {
    let mut defs = Vec::new();
    let mut seed = 12345u32;
    let mut next = || {
        seed = seed.wrapping_mul(1103515245).wrapping_add(12345);
        seed >> 16
    };
    let alphabet = b"aAbB.c~";
    for i in 0..400 {
        let len = (next() % 6) as usize;
        let s: String = (0..len).map(|_| alphabet[(next() % 7) as usize] as char).collect();
        defs.push((s, format!("{i}")));
    }
    let text: String = defs.iter().map(|(s, v)| format!("*{s}={v}:")).collect();
    let d = db(&text);
    for _ in 0..3000 {
        let len = (next() % 9) as usize;
        let name: String = (0..len).map(|_| alphabet[(next() % 7) as usize] as char).collect();
        let want = defs
            .iter()
            .rev()
            .find(|(s, _)| {
                s.len() <= name.len() && name.as_bytes()[name.len() - s.len()..].eq_ignore_ascii_case(s.as_bytes())
            })
            .map(|(_, v)| v.as_bytes());
        assert_eq!(d.suffix_sequence(name.as_bytes()), want, "{name}");
    }
}

#[test]
fn dircolors_suffixes() {
    let d = db(DIRCOLORS);
    assert_eq!(d.suffix_sequence(b"x.tar"), Some(&b"01;31"[..]));
    assert_eq!(d.suffix_sequence(b"X.TAR"), Some(&b"01;31"[..]));
    assert_eq!(d.suffix_sequence(b"a.png"), Some(&b"01;35"[..]));
    assert_eq!(d.suffix_sequence(b"a.flac"), Some(&b"00;36"[..]));
    assert_eq!(d.suffix_sequence(b"a.rpmsave"), Some(&b"00;90"[..]));
    assert_eq!(d.suffix_sequence(b"a.c"), None);
    assert_eq!(d.get(Key::Orphan), Some(&b"40;31;01"[..]));
    assert!(!d.is_colored(Key::Missing));
    assert!(!d.is_colored(Key::MultiHardlink));
    assert!(!d.is_colored(Key::Capability));
}

// ---------------------------------------------------------------- classification

fn stat(mode: u32, nlink: u64) -> Facts {
    Facts::from_stat(mode, nlink)
}

#[test]
fn regular_file_precedence() {
    let d = db("ca=7:mh=44:*.png=35");
    let key = |f: Facts, name: &str| d.classify_name(&f, name.as_bytes());
    assert_eq!(key(stat(0o106755, 2), "x"), Class::Key(Key::Setuid));
    assert_eq!(key(stat(0o102755, 2), "x"), Class::Key(Key::Setgid));
    let mut cap = stat(0o100755, 2);
    cap.has_capability = true;
    assert_eq!(key(cap, "x"), Class::Key(Key::Capability));
    assert_eq!(key(stat(0o100700, 2), "x"), Class::Key(Key::Exec));
    assert_eq!(key(stat(0o100010, 2), "x"), Class::Key(Key::Exec));
    assert_eq!(key(stat(0o100001, 2), "x"), Class::Key(Key::Exec));
    // GNU multihardlink.sh: ex beats mh, mh beats *.png.
    assert_eq!(key(stat(0o100644, 2), "x.png"), Class::Key(Key::MultiHardlink));
    assert_eq!(key(stat(0o100644, 1), "x.png"), Class::Suffix(b"35"));
    assert_eq!(key(stat(0o100644, 1), "x"), Class::Key(Key::File));
    // Uncolored keys do not apply.
    let d = db("su=:sg=0:ex=00:mh=00:*.png=35");
    assert_eq!(d.classify_name(&stat(0o106755, 2), b"x.png"), Class::Suffix(b"35"));
    // Capability only counts when ca is colored (it is not by default).
    let mut cap = stat(0o100644, 1);
    cap.has_capability = true;
    assert_eq!(Database::builtin().classify_name(&cap, b"x"), Class::Key(Key::File));
}

#[test]
fn directory_precedence() {
    let b = Database::builtin();
    assert_eq!(b.classify_name(&stat(0o041777, 2), b"d"), Class::Key(Key::StickyOtherWritable));
    assert_eq!(b.classify_name(&stat(0o040777, 2), b"d"), Class::Key(Key::OtherWritable));
    assert_eq!(b.classify_name(&stat(0o041755, 2), b"d"), Class::Key(Key::Sticky));
    assert_eq!(b.classify_name(&stat(0o040755, 2), b"d"), Class::Key(Key::Dir));
    // color-dtype-dir.sh: `ow=` falls back to di; tw= falls back to ow.
    let d = db("tw=:ow=");
    assert_eq!(d.classify_name(&stat(0o041777, 2), b"d"), Class::Key(Key::Sticky));
    assert_eq!(d.classify_name(&stat(0o040777, 2), b"d"), Class::Key(Key::Dir));
    // Directories never take suffixes.
    assert_eq!(db("*=1").classify_name(&stat(0o040755, 2), b"d"), Class::Key(Key::Dir));
}

#[test]
fn other_types_and_dtype_fallback() {
    let b = Database::builtin();
    let by_mode = |m| b.classify_name(&stat(m, 1), b"x");
    assert_eq!(by_mode(0o010644), Class::Key(Key::Fifo));
    assert_eq!(by_mode(0o020644), Class::Key(Key::Char));
    assert_eq!(by_mode(0o060644), Class::Key(Key::Block));
    assert_eq!(by_mode(0o140755), Class::Key(Key::Socket));
    assert_eq!(by_mode(0o120777), Class::Key(Key::Link));
    assert_eq!(by_mode(0o000644), Class::Key(Key::Orphan));
    let by_type = |t| b.classify_name(&Facts::from_type(t), b"x");
    assert_eq!(by_type(FileType::Unknown), Class::Key(Key::Orphan));
    assert_eq!(by_type(FileType::Fifo), Class::Key(Key::Fifo));
    assert_eq!(by_type(FileType::CharDevice), Class::Key(Key::Char));
    assert_eq!(by_type(FileType::Directory), Class::Key(Key::Dir));
    assert_eq!(by_type(FileType::BlockDevice), Class::Key(Key::Block));
    assert_eq!(by_type(FileType::Regular), Class::Key(Key::File));
    assert_eq!(by_type(FileType::Whiteout), Class::Key(Key::File));
    assert_eq!(by_type(FileType::Symlink), Class::Key(Key::Link));
    assert_eq!(by_type(FileType::Socket), Class::Key(Key::Socket));
    // Not stat'd: no exec/dir attributes, but suffixes still apply.
    let d = db("*.gz=1");
    assert_eq!(d.classify_name(&Facts::from_type(FileType::Regular), b"a.gz"), Class::Suffix(b"1"));
}

#[test]
fn symlinks_orphans_and_targets() {
    let link = |target: Option<u32>| Facts {
        file_type: FileType::Symlink,
        stat: Some(Stat { mode: 0o120777, nlink: 1 }),
        has_capability: false,
        target_mode: target,
    };
    let b = Database::builtin();
    assert_eq!(b.classify_name(&link(None), b"l"), Class::Key(Key::Link));
    assert_eq!(b.name_sequence(&link(None), b"l"), Some(&b"01;36"[..]));
    // or colored: dangling (or not followed) links are orphans.
    let d = db("or=31");
    assert_eq!(d.classify_name(&link(None), b"l"), Class::Key(Key::Orphan));
    assert_eq!(d.classify_name(&link(Some(0o100644)), b"l"), Class::Key(Key::Link));
    assert_eq!(d.classify_name(&Facts::from_type(FileType::Symlink), b"l"), Class::Key(Key::Orphan));
    // or empty: not colored, the link stays ln.
    assert_eq!(db("or=").classify_name(&link(None), b"l"), Class::Key(Key::Link));
    // ln=target: by the target's mode, the link's nlink, the link's name.
    let d = db("ln=target:mh=44:*.gz=35");
    assert_eq!(d.classify_name(&link(Some(0o100755)), b"l"), Class::Key(Key::Exec));
    assert_eq!(d.classify_name(&link(Some(0o040755)), b"l"), Class::Key(Key::Dir));
    assert_eq!(d.classify_name(&link(Some(0o100644)), b"l.gz"), Class::Suffix(b"35"));
    assert_eq!(d.classify_name(&link(Some(0o100644)), b"l"), Class::Key(Key::File));
    assert_eq!(d.classify_name(&link(None), b"l"), Class::Key(Key::Orphan));
    assert_eq!(d.name_sequence(&link(None), b"l"), None);
    // Targets in -l.
    let d = db("mi=32:or=31");
    assert_eq!(d.classify_target(&link(None), b"nowhere"), Class::Key(Key::Missing));
    assert_eq!(d.classify_target(&link(Some(0o010644)), b"fifo"), Class::Key(Key::Fifo));
    let d = db("or=31");
    assert_eq!(d.classify_target(&link(None), b"nowhere"), Class::Key(Key::Orphan));
    assert_eq!(Database::builtin().target_sequence(&link(None), b"reg"), None);
    // A hard-linked target is not mh: GNU looks at the link's own nlink.
    let d = db("mh=44:or=1");
    assert_eq!(d.classify_target(&link(Some(0o100644)), b"hard"), Class::Key(Key::File));
    assert_eq!(d.classify_target(&link(Some(0o100644)), b"t.gz"), Class::Key(Key::File));
    assert_eq!(db("*.gz=3").classify_target(&link(Some(0o100644)), b"../t.gz"), Class::Suffix(b"3"));
}

#[test]
fn empty_and_zero_values_still_color_when_chosen() {
    // GNU: `fi= ls --color=always reg` writes \e[0m\e[mreg\e[0m; fi=0 \e[0m\e[0mreg\e[0m.
    for (text, seq) in [("fi=", &b""[..]), ("fi=0", b"0"), ("fi=00", b"00"), ("fi=000", b"000")] {
        let d = db(text);
        let s = d.name_sequence(&stat(0o100644, 1), b"reg");
        assert_eq!(s, Some(seq), "{text}");
        let mut out = Bytes(Vec::new());
        let mut p = Painter::new(&d);
        p.normal(&mut out);
        p.begin_name(&mut out, s);
        out.0.extend_from_slice(b"reg");
        p.end_name(&mut out, s.is_some(), 0, 3, 0);
        p.finish(&mut out);
        let want = [&b"\x1b[0m\x1b["[..], seq, b"mreg\x1b[0m"].concat();
        assert_eq!(out.0, want, "{text}");
    }
}

#[test]
fn needs_follow_gnu() {
    let n = |text: &str, long| if text.is_empty() { Database::builtin().needs(long) } else { db(text).needs(long) };
    let b = n("", false);
    assert!(b.stat_regular && b.stat_directories && !b.stat_symlinks && !b.follow_symlinks);
    assert!(!b.probe_capabilities);
    assert!(!n("", true).follow_symlinks);
    // GNU 9.1 does not stat regular files for mh alone (checked with strace).
    let m = n("ex=:su=:sg=:ca=:mh=44", false);
    assert!(!m.stat_regular);
    assert!(n("ex=:su=:sg=:ca=1", false).stat_regular && n("ex=:su=:sg=:ca=1", false).probe_capabilities);
    assert!(!n("ow=:st=:tw=", false).stat_directories);
    assert!(n("ow=:st=:tw=1", false).stat_directories);
    let o = n("or=1", false);
    assert!(o.follow_symlinks && o.stat_symlinks);
    let t = n("ln=target", false);
    assert!(t.follow_symlinks && t.stat_symlinks);
    let t = n("ln=target:ex=", false);
    assert!(!t.follow_symlinks && t.stat_symlinks);
    assert!(!n("mi=1", false).follow_symlinks);
    assert!(n("mi=1", true).follow_symlinks);
    let dc = n(DIRCOLORS, false);
    assert!(dc.follow_symlinks && !dc.probe_capabilities);
}

// ---------------------------------------------------------------- emission

fn paint(d: &Database, names: &[(&str, Option<&[u8]>, usize)], width: usize) -> Vec<u8> {
    let mut out = Bytes(Vec::new());
    let mut p = Painter::new(d);
    for &(name, seq, col) in names {
        p.normal(&mut out);
        p.begin_name(&mut out, seq);
        out.0.extend_from_slice(name.as_bytes());
        p.end_name(&mut out, seq.is_some(), col, name.len(), width);
        out.0.push(b'\n');
    }
    p.finish(&mut out);
    out.0
}

#[test]
fn clear_to_eol_after_names_that_may_wrap() {
    // GNU: `ls --color=always -w 10` in a directory holding
    // averyveryverylongdirectoryname, d2 and f.
    let b = Database::builtin();
    let di = Some(&b"01;34"[..]);
    let got = paint(&b, &[("averyveryverylongdirectoryname", di, 0), ("d2", di, 0), ("f", None, 0)], 10);
    assert_eq!(
        got,
        b"\x1b[0m\x1b[01;34maveryveryverylongdirectoryname\x1b[0m\x1b[K\n\x1b[01;34md2\x1b[0m\nf\n"
    );
    // `LS_COLORS=cl=XX`.
    let d = db("cl=XX");
    let got = paint(&d, &[("averyveryverylongdirectoryname", di, 0)], 10);
    assert_eq!(got, b"\x1b[0m\x1b[01;34maveryveryverylongdirectoryname\x1b[0mXX\n");
    // -l puts the name at column 42: 42/10 != 71/10; d2 at 42 fits.
    assert!(may_wrap(42, 30, 10));
    assert!(!may_wrap(42, 2, 10));
    assert!(!may_wrap(0, 30, 30));
    assert!(may_wrap(0, 31, 30));
    assert!(!may_wrap(5, 100, 0));
    assert!(may_wrap(0, 0, 80));
}

#[test]
fn nothing_written_without_colored_names() {
    let b = Database::builtin();
    assert_eq!(paint(&b, &[("reg", None, 0), ("x", None, 0)], 80), b"reg\nx\n");
    let d = db("lc=<:rc=>");
    assert_eq!(paint(&d, &[("reg", None, 0)], 80), b"reg\n");
}

#[test]
fn normal_color() {
    // GNU: `LS_COLORS=no=44 ls --color=always -d reg dir`: \e[0m\e[44mreg\e[0m ...
    let d = db("no=44");
    let got = paint(&d, &[("dir", d.get(Key::Dir), 0), ("reg", None, 0)], 0);
    assert_eq!(got, b"\x1b[0m\x1b[44m\x1b[m\x1b[01;34mdir\x1b[0m\n\x1b[44mreg\x1b[0m\n");
    // `no=0` is not colored: nothing for uncolored names.
    let d = db("no=0");
    assert_eq!(paint(&d, &[("reg", None, 0)], 0), b"reg\n");
}

#[test]
fn end_and_reset_sequences() {
    // GNU: LS_COLORS=ec=XX ls -d reg dir -> XX\e[01;34mdirXX\nreg\n
    let d = db("ec=XX");
    assert_eq!(paint(&d, &[("dir", d.get(Key::Dir), 0), ("reg", None, 0)], 0), b"XX\x1b[01;34mdirXX\nreg\n");
    // rs= -> \e[m\e[01;34mdir\e[m ; lc=\e[:rc=m:rs=1 -> \e[1m\e[01;34mdir\e[1m
    let d = db("rs=");
    assert_eq!(paint(&d, &[("dir", d.get(Key::Dir), 0)], 0), b"\x1b[m\x1b[01;34mdir\x1b[m\n");
    let d = db(r"lc=\e[:rc=m:rs=1");
    assert_eq!(paint(&d, &[("dir", d.get(Key::Dir), 0)], 0), b"\x1b[1m\x1b[01;34mdir\x1b[1m\n");
    // Spelled differently but equal to the defaults: no exit sequence.
    for text in [r"lc=\033[", r"lc=\x1b[:rc=m", "lc=^[["] {
        let d = db(text);
        assert_eq!(paint(&d, &[("dir", d.get(Key::Dir), 0)], 0), b"\x1b[0m\x1b[01;34mdir\x1b[0m\n", "{text}");
    }
    // lc=<:rc=> -> <0><01;34>dir<0>\nreg\n<>
    let d = db("lc=<:rc=>");
    assert_eq!(paint(&d, &[("dir", d.get(Key::Dir), 0), ("reg", None, 0)], 0), b"<0><01;34>dir<0>\nreg\n<>");
}

#[test]
fn color_wraps_the_hyperlink() {
    // GNU: ls --hyperlink=always --color=always on directory `d ir` (host vm).
    let b = Database::builtin();
    let mut out = Bytes(Vec::new());
    let mut p = Painter::new(&b);
    p.normal(&mut out);
    let seq = b.get(Key::Dir);
    p.begin_name(&mut out, seq);
    hyperlink::open(&mut out, b"vm", b"/tmp/colfx3/d ir");
    out.0.extend_from_slice(b"d ir");
    hyperlink::close(&mut out);
    p.end_name(&mut out, true, 0, 4, 0);
    assert_eq!(
        out.0,
        b"\x1b[0m\x1b[01;34m\x1b]8;;file://vm/tmp/colfx3/d%20ir\x07d ir\x1b]8;;\x07\x1b[0m"
    );
}

// ---------------------------------------------------------------- setup

fn setup_of(ls_colors: Option<&str>, term: Option<&str>, colorterm: Option<&str>) -> &'static str {
    let text = ls_colors.unwrap_or("");
    let size = storage_size(text.as_bytes());
    let storage = Storage {
        bytes: Box::leak(vec![0u8; size.bytes].into_boxed_slice()),
        slots: Box::leak(vec![Slot::EMPTY; size.slots].into_boxed_slice()),
    };
    fn b(s: Option<&str>) -> Option<&[u8]> {
        s.map(str::as_bytes)
    }
    match setup(b(ls_colors), b(term), b(colorterm), storage) {
        Setup::Colors(d) if d.get(Key::Dir) == Some(b"01;34") => "builtin",
        Setup::Colors(_) => "parsed",
        Setup::Off => "off",
        Setup::Invalid(_) => "invalid",
    }
}

#[test]
fn setup_decisions() {
    // Checked: TERM=dumb LS_COLORS=di=1 colors; TERM=dumb LS_COLORS= does not;
    // TERM=dumb COLORTERM=1 colors; unset TERM does not.
    assert_eq!(setup_of(None, Some("xterm"), None), "builtin");
    assert_eq!(setup_of(Some(""), Some("xterm"), None), "builtin");
    assert_eq!(setup_of(Some(""), Some("dumb"), None), "off");
    assert_eq!(setup_of(None, None, None), "off");
    assert_eq!(setup_of(None, Some("dumb"), Some("1")), "builtin");
    assert_eq!(setup_of(Some("di=1"), Some("dumb"), None), "parsed");
    assert_eq!(setup_of(Some("di=1"), None, None), "parsed");
    assert_eq!(setup_of(Some("zz=1"), Some("xterm"), None), "invalid");
}
