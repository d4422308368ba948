# sdui: build, demo and tests. `make demo` and `make test` are the two
# commands a newcomer needs; both install missing Debian packages first.

# The release; the soname's number changes only when the C ABI breaks.
VERSION    := 0.1.0
SOVERSION  := 0

SWIFT      ?= swift
# The same compiler flags from a terminal as from a pipe: SwiftPM adds
# -color-diagnostics on a terminal, which would make the next build from a
# pipe (or the other way round) compile the whole engine again
# (Tests/rebuild_test.sh checks it).
SWIFTPM_FLAGS := --no-color-diagnostics
CC         ?= cc
PREFIX     ?= /usr/local
BUILD      := build
LIBDIR     := .build/release
LIB        := $(LIBDIR)/libsdui.so
CFLAGS     ?= -O2 -g -Wall -Wextra -Werror -std=c11
LUA_CFLAGS := $(shell pkg-config --cflags lua5.4 2>/dev/null || echo -I/usr/include/lua5.4)
# The public headers: sdui.h (hosts), sdui_binding.h (language bindings), both
# implemented by libsdui.so, and sdui_scripts.h (the script host, libsdui_lua.so).
HEADERS    := include/sdui.h include/sdui_binding.h include/sdui_scripts.h
# How libsdui.so is linked: the Swift runtime statically, so a C host needs
# nothing but libc; NODELETE, because Swift images cannot be unloaded (Lua
# dlcloses C modules at lua_close); its soname; the C API's sdui_ functions
# as its only exports (Sources/SDUI/exports.map: the core's and the Swift
# runtime's symbols stay local). Given here rather than in Package.swift,
# where they would be unsafeFlags, which SwiftPM refuses in a package
# depended on by version (README, "From Swift").
SWIFT_LINK := -Xswiftc -static-stdlib -Xlinker -z -Xlinker nodelete -Xlinker -soname=libsdui.so.$(SOVERSION) \
              -Xlinker --version-script=$(CURDIR)/Sources/SDUI/exports.map

# The Lua binding: one shared object that is both the module `sdui` for the
# stock interpreter (build/lua/sdui.so) and libsdui_lua.so for C hosts that
# run scripts. It does not link liblua: the interpreter or the host provides it.
LUA_SRC    := $(wildcard Sources/SDUILua/*.c)
LUA_HDR    := $(wildcard Sources/SDUILua/*.h)
LUA_UI     := $(BUILD)/lua/ui_source.c
LUA_LIB    := $(BUILD)/lib/libsdui_lua.so
LUA_MOD    := $(BUILD)/lua/sdui.so
# -flto: the binding's files call each other's small helpers (the pool, the
# packed writer, JSON escaping) on every node; link-time optimisation
# inlines them across files (W2: about 2.5% fewer instructions).
LUA_LINK   = -fPIC -shared -fvisibility=hidden -flto=auto $(LUA_CFLAGS) -Iinclude -ISources/SDUILua \
             -Wl,-soname,libsdui_lua.so.$(SOVERSION) -Wl,-z,nodelete -L$(LIBDIR) -lsdui

# How C programs here link: the engine, the script host and Lua.
HOST_LINK  := -L$(BUILD)/lib -L$(LIBDIR) -lsdui_lua -lsdui -llua5.4 -lpthread \
              -Wl,-rpath,$(abspath $(BUILD)/lib) -Wl,-rpath,$(abspath $(LIBDIR))

C_TESTS    := $(patsubst Tests/c/%.c,$(BUILD)/tests/%,$(wildcard Tests/c/test_*.c))
# What the C hosts below share (examples/common): the JSON reader, file reading.
COMMON_SRC := $(wildcard examples/common/*.c)
COMMON_HDR := $(wildcard examples/common/*.h)
DEMO       := $(BUILD)/examples/demo
TERMINAL   := $(BUILD)/examples/terminal
TERM_SRC   := $(wildcard examples/terminal/*.c)
TERM_HDR   := $(wildcard examples/terminal/*.h)
# ncursesw (wide characters); evaluated when used, after `deps` installed it.
CURSES_LIBS = $(shell pkg-config --libs ncursesw 2>/dev/null || echo -lncursesw)
# The command line tool (tools/): `sdui render PAGE --scripts DIR --format html|text|json`,
# `sdui validate FILE...`.
CLI        := $(BUILD)/bin/sdui
CLI_SRC    := $(wildcard tools/*.c)
CLI_HDR    := $(wildcard tools/*.h)
BENCH_W4   := $(BUILD)/bench/w4
BUSTED     := lua5.4 /usr/bin/busted

.PHONY: all lib lua deps deps-demo deps-test rock rock-install test-rock demo cli card terminal test-terminal test test-swift test-c test-lua test-readme test-tutorial test-demo test-install \
        test-preview test-schema check-symbols check-includes check-engine check-rebuild memcheck install uninstall clean bench bench-instr contract \
        swift-toolchain dist check-version tag test-spm

all: lib lua

# Debian packages: the build's (make, make install), the demo's, the tests'.
deps:
	@bash scripts/deps.sh build
deps-demo:
	@bash scripts/deps.sh demo
deps-test:
	@bash scripts/deps.sh test

# Everything here builds on the Swift engine: without the toolchain, say so
# before anything else runs (the rock's build runs make too).
swift-toolchain:
	@command -v $(SWIFT) >/dev/null 2>&1 || \
	  { echo "sdui needs the Swift toolchain ($(SWIFT) not found on PATH): see README" >&2; exit 1; }

# SwiftPM tracks the sources itself; this target only asks it to build. The
# link named by the soname lets programs linked here run from the build tree.
lib: swift-toolchain deps
	$(SWIFT) build $(SWIFTPM_FLAGS) -c release --product sdui $(SWIFT_LINK)
	@ln -sf libsdui.so $(LIBDIR)/libsdui.so.$(SOVERSION)

lua: lib $(LUA_LIB) $(LUA_MOD)

$(LUA_UI): lua/sdui/ui.lua scripts/embed.py
	@mkdir -p $(dir $@)
	python3 scripts/embed.py sdui_ui_source $< $@

# lua/sdui/contract.lua is generated from Sources/SDUICore/View/ViewContract.swift
# (`make contract` rewrites it; `swift test` fails when it is out of date) and
# embedded like ui.lua, preloaded as `sdui.contract`.
LUA_CONTRACT := $(BUILD)/lua/contract_source.c
$(LUA_CONTRACT): lua/sdui/contract.lua scripts/embed.py
	@mkdir -p $(dir $@)
	python3 scripts/embed.py sdui_contract_source $< $@

contract: deps
	SDUI_WRITE_CONTRACT=1 $(SWIFT) test $(SWIFTPM_FLAGS) --filter 'ViewContractTests/(luaModuleIsUpToDate|jsonSchemaIsUpToDate|flatLayoutHeaderIsUpToDate)'

$(LUA_LIB): $(LUA_SRC) $(LUA_HDR) $(LUA_UI) $(LUA_CONTRACT) $(HEADERS) | lib
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(LUA_SRC) $(LUA_UI) $(LUA_CONTRACT) $(LUA_LINK) -Wl,-rpath,$(abspath $(LIBDIR))
	@ln -sf libsdui_lua.so $(BUILD)/lib/libsdui_lua.so.$(SOVERSION)

$(LUA_MOD): $(LUA_LIB)
	@mkdir -p $(dir $@)
	ln -sf ../lib/libsdui_lua.so $@

$(BUILD)/tests/%: Tests/c/%.c Tests/c/check.h Tests/c/script_files.h $(HEADERS) | lib lua
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -o $@ $< $(HOST_LINK)

$(DEMO): examples/demo.c $(COMMON_SRC) $(COMMON_HDR) $(HEADERS) | lib lua
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -Iexamples/common -o $@ $< $(COMMON_SRC) $(HOST_LINK)

$(CLI): $(CLI_SRC) $(CLI_HDR) $(COMMON_SRC) $(COMMON_HDR) $(HEADERS) | lib lua
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -Itools -Iexamples/common -o $@ $(CLI_SRC) $(COMMON_SRC) $(HOST_LINK) -lm

cli: lib lua $(CLI)

# make card CARD=path/to/card.json [OUT=file.html]: an Adaptive Card (or a
# templated card {"template", "data"}) as a standalone HTML preview, drawn by
# the Adaptive Cards pack (lua/packs/adaptivecards) through `sdui render`.
CARD_OUT = $(if $(OUT),$(OUT),$(BUILD)/card.html)
card: cli
	@test -n "$(CARD)" || { echo "usage: make card CARD=path/to/card.json [OUT=file.html]" >&2; exit 2; }
	@{ printf '{"components":[{"id":"card","type":"AdaptiveCard","data":'; \
	   sed '1s/^\xEF\xBB\xBF//' "$(CARD)"; printf '}]}\n'; } > $(BUILD)/card-page.json
	$(CLI) render $(BUILD)/card-page.json --scripts lua/packs/adaptivecards --duplicate-keys last \
	  --points --width 60 --format html --out $(CARD_OUT)
	@echo "make card: wrote $(CARD_OUT)"

# The CLI's helpers (HTML writer, cell metrics) and the shared JSON reader on
# their own; the cell metrics are the engine's, so it links libsdui.
CLI_TEST   := $(BUILD)/tests/preview_tools_test
$(CLI_TEST): Tests/preview/tools_test.c $(filter-out tools/sdui.c,$(CLI_SRC)) $(CLI_HDR) $(COMMON_SRC) $(COMMON_HDR) \
             $(HEADERS) | lib lua
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -Itools -Iexamples/common -o $@ Tests/preview/tools_test.c \
	  $(filter-out tools/sdui.c,$(CLI_SRC)) $(COMMON_SRC) $(HOST_LINK) -lm

# The interactive terminal host (examples/terminal): the page drawn from the
# engine's layout, Tab/Enter on its buttons, live reload of the scripts.
$(TERMINAL): $(TERM_SRC) $(TERM_HDR) $(COMMON_SRC) $(COMMON_HDR) $(HEADERS) | deps-demo lib lua
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -Iexamples/common -o $@ $(TERM_SRC) $(COMMON_SRC) $(HOST_LINK) $(CURSES_LIBS) -lm

terminal: deps-demo lib lua $(TERMINAL)

# On a terminal: the interactive host on the bundled scripts themselves, so
# editing them changes the screen live. Elsewhere (CI, pipes): the text demo.
demo: deps-demo lib lua $(DEMO) $(TERMINAL)
	@if [ -t 0 ] && [ -t 1 ]; then \
	  echo "sdui: the home page in the terminal host. Edit the scripts in"; \
	  echo "  $(abspath lua/examples/scripts)/*.lua"; \
	  echo "while it runs: the screen follows (state is kept). Tab/Enter press buttons, q quits."; \
	  echo "Favourites are kept in $${SDUI_STATE_DIR-$${XDG_STATE_HOME:-$$HOME/.local/state}/sdui/demo}"; \
	  echo "(SDUI_STATE_DIR=folder moves them, SDUI_STATE_DIR= keeps them in memory only)."; \
	  sleep 2; \
	  $(TERMINAL) examples/home.json $(abspath lua/examples/scripts); \
	else \
	  $(DEMO) examples/home.json lua/examples/scripts lua/examples/scripts_v2; \
	fi

# Benchmarks against the plain-Lua peer (../shared/bench); prints a table and
# writes bench/results.md and bench/results.json. Not part of `make test`.
$(BUILD)/bench/%: bench/%.c bench/bench.h examples/common/files.c examples/common/files.h $(HEADERS) | lib lua
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -O2 -Iinclude -Iexamples/common -o $@ $< examples/common/files.c $(HOST_LINK)

BENCH_HOSTS := $(BENCH_W4) $(BUILD)/bench/frames $(BUILD)/bench/workloads

bench: lib lua $(BENCH_HOSTS)
	bash bench/run.sh

# Instruction counts of W1 and W2 (and the peer's decode and pipeline) under
# callgrind: stable where wall time is noisy. Not part of `make test`.
bench-instr: lib lua $(BUILD)/bench/workloads
	bash bench/instr.sh

# The fuzz harnesses, their smoke run and the sanitizer suites (fuzz/README.md).
include fuzz/fuzz.mk

test: deps-test test-swift test-c test-lua test-readme test-tutorial test-demo test-terminal test-install test-rock test-spm test-preview \
      test-schema check-symbols check-includes check-engine check-version check-rebuild memcheck fuzz-smoke sanitize

test-swift: deps-test
	$(SWIFT) test $(SWIFTPM_FLAGS)

# The binding's parts tested on their own, linked with Lua directly: the
# JSON/packed codecs, the budgeted pattern matcher (against stock Lua) and
# the script state's small-block allocator.
UNIT_TESTS := $(BUILD)/tests/luajson_test $(BUILD)/tests/pattern_test $(BUILD)/tests/pool_test

test-c: deps-test lib lua $(C_TESTS) $(UNIT_TESTS)
	@set -e; for t in $(C_TESTS) $(UNIT_TESTS); do echo "== $$t"; $$t; done

$(BUILD)/tests/pattern_test: Tests/c/pattern_test.c Sources/SDUILua/pattern.c Sources/SDUILua/pattern.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -ISources/SDUILua -o $@ Tests/c/pattern_test.c Sources/SDUILua/pattern.c -llua5.4 -lm

$(BUILD)/tests/pool_test: Tests/c/pool_test.c Sources/SDUILua/pool.c Sources/SDUILua/pool.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -ISources/SDUILua -o $@ Tests/c/pool_test.c Sources/SDUILua/pool.c -llua5.4 -lm

# The JSON <-> Lua and packed <-> Lua converters on their own, linked with Lua directly.
$(BUILD)/tests/luajson_test: Tests/c/luajson_test.c Sources/SDUILua/luajson.c Sources/SDUILua/luajson.h \
                             Sources/SDUILua/packed.c Sources/SDUILua/packed.h $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -ISources/SDUILua -Iinclude -o $@ Tests/c/luajson_test.c \
	  Sources/SDUILua/luajson.c Sources/SDUILua/packed.c -llua5.4 -lm

test-lua: deps-test lua
	$(BUSTED) --lpath='lua/?.lua' lua/spec

# The C example in README.md must compile against the header and run.
test-readme: lib lua
	@mkdir -p $(BUILD)
	@awk '/^```c$$/{on=1;next} /^```$$/{if(on)exit} on' README.md > $(BUILD)/readme_example.c
	$(CC) $(CFLAGS) -Iinclude -o $(BUILD)/readme_example $(BUILD)/readme_example.c $(HOST_LINK)
	@$(BUILD)/readme_example | grep -q 'world'
	@awk '/^```lua$$/{on=1;next} /^```$$/{if(on)exit} on' README.md > $(BUILD)/readme_example.lua
	@LUA_CPATH='$(BUILD)/lua/?.so' lua5.4 $(BUILD)/readme_example.lua | grep -q '★'
	@echo "readme examples: 2 passed, 0 failed"

# docs/tutorial.md: every block written, run or compared, in order, in a
# scratch folder (Tests/tutorial/run.py), and the blocks run counted against
# the blocks present.
test-tutorial: lib lua
	@python3 Tests/tutorial/run.py docs/tutorial.md

# The terminal host driven in tmux: focus, press, scroll, live reload, quit.
test-terminal: $(TERMINAL)
	@bash examples/terminal/test.sh $(TERMINAL)

# The demo runs to the end and shows what the issues promise: one patch for
# the star, a delayed action through sdui_tick, a request's success chain,
# the hot swap, and the favourite still set in a new engine (a restart).
test-demo: $(DEMO)
	@$(DEMO) examples/home.json lua/examples/scripts lua/examples/scripts_v2 > $(BUILD)/demo.out
	@n=0; for want in '"op": "update"' 'sdui_tick(3000): 1 fired' 'Order confirmed #A1B2' '🎬 The Lighthouse'; do \
	  grep -qF "$$want" $(BUILD)/demo.out || { echo "demo output lacks: $$want"; n=$$((n+1)); }; done; \
	  grep -A2 -F '== State after a restart' $(BUILD)/demo.out | grep -qF '"603": true' || \
	  { echo "demo output lacks: the favourite after a restart"; n=$$((n+1)); }; \
	  echo "demo: $$((5-n)) passed, $$n failed"; [ $$n -eq 0 ]

# The CLI's three formats, its errors, a valgrind run, and the HTML preview
# opened in headless Chromium (screenshot and DOM checked).
test-preview: deps-test cli $(CLI_TEST)
	@bash Tests/preview/run.sh

# The JSON Schema (schema/) against the engine's decoders over every document
# of the repository and the shared corpus, and `sdui validate` (Tests/schema).
test-schema: deps-test cli
	@bash Tests/schema/run.sh

# Installs into a temporary prefix, builds a host with pkg-config alone and
# runs the installed CLI.
test-install: deps-test lib lua
	@bash Tests/install_test.sh

# The rockspec: `luarocks make` into a temporary tree, and stock lua5.4 loads
# the module from there (skipped when luarocks is not installed).
test-rock: deps-test lib lua
	@bash Tests/rock_test.sh

# Another SwiftPM package can depend on sdui by version (a tagged throwaway
# clone; SwiftPM plans the build, nothing is compiled).
test-spm: swift-toolchain
	@bash Tests/spm_test.sh $(VERSION)

# The version in the Makefile, sdui.h, the manual page and the rockspec is the
# CHANGELOG's latest release.
check-version:
	@bash Tests/check_version.sh $(VERSION)

check-symbols: lib lua
	@bash Tests/check_symbols.sh include $(LIB) $(LUA_LIB)

# `make lib` from a terminal and from a pipe compile nothing again after
# each other (SWIFTPM_FLAGS above).
check-rebuild: lib
	@MAKE='$(MAKE)' bash Tests/rebuild_test.sh

# Engine coordinates, parts own: its members across every file that extends
# it stay under a cap, Engine.swift under 450 lines, every Swift file under 800;
# and sdui.h names every diagnostic code the engine makes, and no other.
check-engine:
	@python3 Tests/check_engine.py Sources
	@python3 Tests/check_diagnostic_codes.py Sources include/sdui.h

# The Lua binding's quoted includes form no circle (x.c and x.h count as one module),
# each public header's overview lists its sections, in order, and the lists
# the headers write out (node kinds, roles, input kinds, limits, counters,
# pkg-config packages) name what the contract and the sources have.
check-includes:
	@python3 Tests/check_includes.py Sources/SDUILua
	@python3 Tests/check_sections.py $(HEADERS)
	@python3 Tests/check_header_lists.py .

memcheck: deps-test lib lua $(C_TESTS) $(UNIT_TESTS)
	@set -e; for t in $(C_TESTS) $(UNIT_TESTS); do echo "== valgrind $$t"; \
	  SDUI_TEST_LIGHT=1 valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
	    --show-leak-kinds=definite --suppressions=Tests/valgrind/swift.supp $$t > /dev/null; \
	  echo "memcheck: 1 passed, 0 failed"; done

# Installs the libraries under their versioned names, stripped of what a
# host does not need (debug information and local symbols), with the links
# the linker (libsdui.so) and the loader (libsdui.so.0) look for; the three
# headers; two pkg-config files: sdui (the engine alone) and sdui-scripts
# (the script host, which brings Lua); the Lua module; the command line tool
# `sdui` (linked again to find the installed libraries), its manual page;
# the licence and the changelog.
STRIP ?= strip
INSTALL_LIBS = libsdui.so libsdui.so.$(SOVERSION) libsdui.so.$(VERSION) \
               libsdui_lua.so libsdui_lua.so.$(SOVERSION) libsdui_lua.so.$(VERSION)
DOCDIR      = $(PREFIX)/share/doc/sdui
MANDIR      = $(PREFIX)/share/man/man1
install: lib lua
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/lua/5.4 $(DESTDIR)$(PREFIX)/include \
	  $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(DOCDIR) $(DESTDIR)$(MANDIR)
	install -m 755 $(LIB) $(DESTDIR)$(PREFIX)/lib/libsdui.so.$(VERSION)
	$(CC) $(CFLAGS) -o $(DESTDIR)$(PREFIX)/lib/libsdui_lua.so.$(VERSION) $(LUA_SRC) $(LUA_UI) $(LUA_CONTRACT) \
	  $(LUA_LINK) -Wl,-rpath,$(PREFIX)/lib
	$(STRIP) --strip-unneeded $(DESTDIR)$(PREFIX)/lib/libsdui.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/libsdui_lua.so.$(VERSION)
	for name in libsdui libsdui_lua; do \
	  ln -sf $$name.so.$(VERSION) $(DESTDIR)$(PREFIX)/lib/$$name.so.$(SOVERSION); \
	  ln -sf $$name.so.$(SOVERSION) $(DESTDIR)$(PREFIX)/lib/$$name.so; done
	ln -sf ../../libsdui_lua.so.$(SOVERSION) $(DESTDIR)$(PREFIX)/lib/lua/5.4/sdui.so
	install -m 644 $(HEADERS) $(DESTDIR)$(PREFIX)/include/
	for pc in sdui sdui-scripts; do \
	  sed 's|@PREFIX@|$(PREFIX)|; s|@VERSION@|$(VERSION)|' $$pc.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/$$pc.pc; done
	$(CC) $(CFLAGS) -Iinclude -Itools -Iexamples/common -o $(DESTDIR)$(PREFIX)/bin/sdui $(CLI_SRC) $(COMMON_SRC) \
	  -L$(BUILD)/lib -L$(LIBDIR) -lsdui_lua -lsdui -llua5.4 -lpthread -lm -Wl,-rpath,$(PREFIX)/lib
	$(STRIP) $(DESTDIR)$(PREFIX)/bin/sdui
	install -m 644 tools/sdui.1 $(DESTDIR)$(MANDIR)/sdui.1
	install -m 644 LICENSE CHANGELOG.md $(DESTDIR)$(DOCDIR)/

uninstall:
	rm -f $(addprefix $(DESTDIR)$(PREFIX)/lib/,$(INSTALL_LIBS)) \
	  $(DESTDIR)$(PREFIX)/lib/lua/5.4/sdui.so $(addprefix $(DESTDIR)$(PREFIX)/,$(HEADERS)) \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig/sdui.pc $(DESTDIR)$(PREFIX)/lib/pkgconfig/sdui-scripts.pc \
	  $(DESTDIR)$(PREFIX)/bin/sdui $(DESTDIR)$(MANDIR)/sdui.1 $(DESTDIR)$(DOCDIR)/LICENSE $(DESTDIR)$(DOCDIR)/CHANGELOG.md

# LuaRocks (sdui-$(VERSION)-1.rockspec, build type "make"): `rock` builds,
# `rock-install` puts the module and the engine it needs side by side in the
# rock's LIBDIR (the module finds libsdui.so.0 through $ORIGIN).
rock: lib lua
rock-install: rock
	@test -n "$(LIBDIR_ROCK)" || { echo "rock-install: LIBDIR_ROCK is not set (luarocks sets it)" >&2; exit 2; }
	install -d $(LIBDIR_ROCK)
	install -m 755 $(LIB) $(LIBDIR_ROCK)/libsdui.so.$(SOVERSION)
	$(CC) $(CFLAGS) -o $(LIBDIR_ROCK)/sdui.so $(LUA_SRC) $(LUA_UI) $(LUA_CONTRACT) $(LUA_LINK) -Wl,-rpath,'$$ORIGIN'
	$(STRIP) --strip-unneeded $(LIBDIR_ROCK)/sdui.so $(LIBDIR_ROCK)/libsdui.so.$(SOVERSION)

# The release's source: the committed tree (HEAD) as build/sdui-$(VERSION).tar.gz,
# under a top-level sdui-$(VERSION)/ (the rockspec's source.dir), and the
# rockspec with that tarball as its source, for `luarocks pack` offline.
DIST     := $(BUILD)/sdui-$(VERSION).tar.gz
ROCKSPEC := sdui-$(VERSION)-1.rockspec
dist:
	@mkdir -p $(BUILD)
	git archive --format=tar.gz --prefix=sdui-$(VERSION)/ -o $(DIST) HEAD
	sed 's|^  url = .*|  url = "file://$(abspath $(DIST))",|' $(ROCKSPEC) > $(BUILD)/$(ROCKSPEC)
	@echo "make dist: wrote $(DIST) (the committed tree: HEAD) and $(BUILD)/$(ROCKSPEC)"

# The release step (CHANGELOG.md, "Releasing"): tags HEAD v$(VERSION) once the
# versions agree with the CHANGELOG and nothing is left uncommitted.
tag: check-version
	@test -z "$$(git status --porcelain --untracked-files=no)" || \
	  { echo "make tag: commit or stash your changes first" >&2; exit 1; }
	git tag -a v$(VERSION) -m "sdui $(VERSION)"
	@echo "make tag: tagged v$(VERSION); push it with: git push origin v$(VERSION)"

clean:
	rm -rf $(BUILD) .build
