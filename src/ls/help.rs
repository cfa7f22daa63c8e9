//! `ls --help` and `ls --version`, in GNU's layout.

use crate::sys::out;

const HELP: &[u8] = b"List the FILEs (the current directory when none is given), sorted by name
unless one of -cftuvSUX or --sort chooses another order.

Mandatory arguments to long options are mandatory for short options too.
  -a, --all                  include entries whose names start with .
  -A, --almost-all           like -a, but leave out . and ..
      --author               with -l, show each file's author
  -b, --escape               show nongraphic characters as C-style escapes
      --block-size=SIZE      with -l, scale sizes by SIZE when showing them;
                             e.g., '--block-size=M'; see SIZE below

  -B, --ignore-backups       leave out entries whose names end with ~
  -c                         with -lt: sort by, and show, ctime (when the
                             file's status last changed);
                             with -l: show ctime and sort by name;
                             otherwise: sort by ctime, newest first

  -C                         list entries in columns, top to bottom
      --color[=WHEN]         color the output WHEN; see below
  -d, --directory            list directories themselves, not what they hold
  -D, --dired                produce output for Emacs' dired mode
  -f                         list every entry in directory order
  -F, --classify[=WHEN]      append an indicator (one of */=>@|) WHEN
      --file-type            the same, but never append '*'
      --format=WORD          across -x, commas -m, horizontal -x, long -l,
                             single-column -1, verbose -l, vertical -C

      --full-time            like -l --time-style=full-iso
  -g                         like -l, without the owner
      --group-directories-first
                             list directories before other files;
                             any --sort order applies within each group,
                             but --sort=none (-U) turns grouping off

  -G, --no-group             leave group names out of a long listing
  -h, --human-readable       with -l and -s, show sizes such as 1K 234M 2G
      --si                   the same, but in powers of 1000, not 1024
  -H, --dereference-command-line
                             follow symbolic links named as operands
      --dereference-command-line-symlink-to-dir
                             follow each operand that is a symbolic link
                             to a directory

      --hide=PATTERN         leave out entries matching the shell PATTERN
                             (-a or -A cancel this)

      --hyperlink[=WHEN]     make file names hyperlinks WHEN
      --indicator-style=WORD
                             append an indicator of style WORD to names:
                             none (default), slash (-p),
                             file-type (--file-type), classify (-F)

  -i, --inode                show each file's inode number
  -I, --ignore=PATTERN       leave out entries matching the shell PATTERN
  -k, --kibibytes            count file system usage in 1024-byte blocks;
                             used only with -s and per-directory totals

  -l                         use the long listing format
  -L, --dereference          for a symbolic link, show the file it refers to
                             instead of the link itself

  -m                         fill the width with a comma-separated list
  -n, --numeric-uid-gid      like -l, but with numeric user and group IDs
  -N, --literal              show names as they are, without quoting
  -o                         like -l, without the group
  -p, --indicator-style=slash
                             append / to directories
  -q, --hide-control-chars   show ? in place of nongraphic characters
      --show-control-chars   show nongraphic characters as they are (the
                             default unless the output is a terminal)

  -Q, --quote-name           put names in double quotes
      --quoting-style=WORD   quote names in style WORD:
                             literal, locale, shell, shell-always,
                             shell-escape, shell-escape-always, c, escape
                             (this overrides the QUOTING_STYLE variable)

  -r, --reverse              reverse the sort order
  -R, --recursive            list subdirectories too, recursively
  -s, --size                 show each file's allocated size, in blocks
  -S                         sort by file size, largest first
      --sort=WORD            sort by WORD, not by name: none (-U), size (-S),
                             time (-t), version (-v), extension (-X), width

      --time=WORD            use another time than the modification time:
                               access time (-u): atime, access, use;
                               change time (-c): ctime, status;
                               birth time: birth, creation;
                             with -l, WORD chooses the time shown;
                             with --sort=time, sort by WORD (newest first)

      --time-style=TIME_STYLE
                             date format with -l; see TIME_STYLE below
  -t                         sort by time, newest first; see --time
  -T, --tabsize=COLS         assume tab stops every COLS columns, not 8
  -u                         with -lt: sort by, and show, access time;
                             with -l: show access time and sort by name;
                             otherwise: sort by access time, newest first

  -U                         do not sort; list entries in directory order
  -v                         natural sort of (version) numbers in names
  -w, --width=COLS           make lines fit in COLS columns; 0: no limit
  -x                         list entries in rows instead of columns
  -X                         sort by extension, alphabetically
  -Z, --context              show each file's security context
      --zero                 end each output line with NUL, not newline
  -1                         list one file per line
      --help        display this help and exit
      --version     output version information and exit

SIZE is an integer with an optional unit (10K is 10*1024). The units are
K,M,G,T,P,E,Z,Y (powers of 1024) or KB,MB,... (powers of 1000); the binary
prefixes KiB=K, MiB=M, and so on work too.

TIME_STYLE is full-iso, long-iso, iso, locale, or +FORMAT, with FORMAT read
as date(1) reads it. FORMAT1<newline>FORMAT2 applies FORMAT1 to older files
and FORMAT2 to recent ones. With a 'posix-' prefix, TIME_STYLE applies only
outside the POSIX locale. The TIME_STYLE environment variable sets the
default style.

WHEN is 'always' (the default), 'auto' or 'never'.

Colors that tell file types apart are off by default and with --color=never.
With --color=auto, ls colors its output only when it goes to a terminal. The
LS_COLORS environment variable (see dircolors(1)) chooses the colors.

Exit status:
 0  if OK,
 1  if minor problems (e.g., cannot access subdirectory),
 2  if serious trouble (e.g., cannot access command-line argument).
";

/// Prints the help text (`Usage:` line with `prog`).
pub fn print(prog: &[u8]) {
    out::bytes(b"Usage: ");
    out::bytes(prog);
    out::bytes(b" [OPTION]... [FILE]...\n");
    out::bytes(HELP);
}

/// Prints the version text.
pub fn version() {
    out::bytes(b"ls (bareutils) ");
    out::bytes(env!("CARGO_PKG_VERSION").as_bytes());
    out::bytes(b"\n");
}
