//! Whole listings: the fixture's names colored as GNU colors them. The GNU_* texts
//! were produced by `LC_ALL=C TERM=xterm ls --color=always -1` (and `-l
//! --time-style=+T`, keeping what follows the ` T ` time field) in /tmp/colfx, which
//! holds the entries of `fixture()`, with LS_COLORS as each test says.

use super::*;

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

struct Entry {
    name: &'static str,
    file_type: Kind,
    mode: u32,
    nlink: u64,
    /// Symlinks: the target text and the target's mode (None: missing).
    link: Option<(&'static str, Option<u32>)>,
}

const fn e(name: &'static str, file_type: Kind, mode: u32, nlink: u64) -> Entry {
    Entry {
        name,
        file_type,
        mode,
        nlink,
        link: None,
    }
}
const fn l(name: &'static str, target: &'static str, target_mode: Option<u32>) -> Entry {
    Entry {
        name,
        file_type: Kind::Symlink,
        mode: 0o120777,
        nlink: 1,
        link: Some((target, target_mode)),
    }
}

/// /tmp/colfx on the reference machine, in `LC_ALL=C` order.
fn fixture() -> Vec<Entry> {
    use Kind::*;
    vec![
        e("a.TXT", Regular, 0o100644, 1),
        e("b.txt", Regular, 0o100644, 1),
        e("blk", BlockDev, 0o060644, 1),
        e("c.tar.gz", Regular, 0o100644, 1),
        e("chr", CharDev, 0o020644, 1),
        e("dir", Dir, 0o040755, 2),
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
        e("ow", Dir, 0o040777, 2),
        e("reg", Regular, 0o100644, 1),
        e("sgid", Regular, 0o102755, 1),
        e("sock", Socket, 0o140755, 1),
        e("sticky", Dir, 0o041755, 2),
        e("suid", Regular, 0o104755, 1),
        e("tw", Dir, 0o041777, 2),
    ]
}

/// What ls would know about `x` when gathering as `needs` asks (every entry stat'd
/// in `-l`; targets stat'd only when `follow_symlinks`).
fn gather(x: &Entry, needs: &Needs, long: bool) -> Facts {
    let stat = long
        || match x.file_type {
            Kind::Regular => needs.stat_regular,
            Kind::Dir => needs.stat_directories,
            Kind::Symlink => needs.stat_symlinks,
            _ => false,
        };
    let mut f = Facts::from_type(x.file_type);
    if stat {
        f.stat = Some(Stat {
            mode: x.mode,
            nlink: x.nlink,
        });
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

fn unhex(s: &str) -> Vec<u8> {
    (0..s.len())
        .step_by(2)
        .map(|i| u8::from_str_radix(&s[i..i + 2], 16).unwrap())
        .collect()
}

/// Random LS_COLORS values against GNU: `tools/colors_fuzz.py` runs GNU ls over the
/// fixture (which it builds, as root: device nodes) and writes the cases; then
/// `COLORS_CASES=file [UTF8=1] cargo test --release --lib fuzz_against_gnu -- --ignored`.
/// .ci/run makes two sets (the default seed in C, byte soup in C.UTF-8) and runs both.
#[test]
#[ignore = "needs COLORS_CASES from tools/colors_fuzz.py (root); .ci/run makes them"]
fn fuzz_against_gnu() {
    let path = std::env::var("COLORS_CASES").expect("set COLORS_CASES (see tools/colors_fuzz.py)");
    let text = std::fs::read_to_string(path).unwrap();
    let mut bad = 0;
    let mut n = 0;
    for line in text.lines() {
        let f: Vec<&str> = line.split('\t').collect();
        let (lsc, one, errs, long) = (unhex(f[0]), unhex(f[1]), unhex(f[2]), unhex(f[3]));
        n += 1;
        let (got_one, got_long, got_err) = match try_db(&lsc) {
            Ok(d) => (render(&d, false), render(&d, true), Vec::new()),
            Err(e) => {
                let m = messages(e, b"ls", std::env::var("UTF8").is_ok());
                let plain: Vec<u8> = fixture()
                    .iter()
                    .flat_map(|x| format!("{}\n", x.name).into_bytes())
                    .collect();
                let plain_long: Vec<u8> = std::iter::once(b"total 20\n".to_vec())
                    .chain(fixture().iter().map(|x| match x.link {
                        Some((t, _)) => format!("{} -> {}\n", x.name, t).into_bytes(),
                        None => format!("{}\n", x.name).into_bytes(),
                    }))
                    .flatten()
                    .collect();
                (plain, plain_long, m)
            }
        };
        for (what, got, want) in [
            ("-1", &got_one, &one),
            ("-l", &got_long, &long),
            ("err", &got_err, &errs),
        ] {
            if got != want {
                bad += 1;
                if bad < 6 {
                    eprintln!(
                        "LS_COLORS={:?} {what}\n got: {}\nwant: {}",
                        String::from_utf8_lossy(&lsc),
                        String::from_utf8_lossy(got).escape_debug(),
                        String::from_utf8_lossy(want).escape_debug()
                    );
                }
            }
        }
    }
    eprintln!("{n} cases, {bad} mismatches");
    assert_eq!(bad, 0);
}
