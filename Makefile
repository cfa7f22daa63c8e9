# Install the static binary, its ls and wc links and their man pages, as a package
# or an image's Dockerfile would:
#
#   make install [DESTDIR=/staging] [PREFIX=/usr/local] [TARGET=x86_64-unknown-linux-musl]
#   make uninstall (same variables)
#   make man       regenerates man/ls.1 and man/wc.1 from the applets' --help
#
# `install` builds the release binary first when it is missing (cargo); set BIN to
# install one built elsewhere. The links are symbolic and relative (ls -> bareutils).

PREFIX ?= /usr/local
DESTDIR ?=
TARGET ?= x86_64-unknown-linux-musl
BIN ?= target/$(TARGET)/release/bareutils
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
APPLETS = ls wc

.PHONY: all install uninstall man

all: $(BIN)

$(BIN):
	cargo build --release --target $(TARGET)

install: $(BIN)
	install -d $(BINDIR) $(MANDIR)
	install -m 0755 $(BIN) $(BINDIR)/bareutils
	for a in $(APPLETS); do ln -sfn bareutils $(BINDIR)/$$a; done
	for a in $(APPLETS); do install -m 0644 man/$$a.1 $(MANDIR)/$$a.1; done

uninstall:
	rm -f $(BINDIR)/bareutils
	for a in $(APPLETS); do \
	  if [ -L $(BINDIR)/$$a ] && [ "$$(readlink $(BINDIR)/$$a)" = bareutils ]; then rm -f $(BINDIR)/$$a; fi; \
	  rm -f $(MANDIR)/$$a.1; \
	done

man: $(BIN)
	python3 tools/man.py $(BIN) man
