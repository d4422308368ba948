# sdui: build, demo and tests. `make demo` and `make test` are the two
# commands a newcomer needs; both install missing Debian packages first.

SWIFT      ?= swift
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

# The Lua binding: one shared object that is both the module `sdui` for the
# stock interpreter (build/lua/sdui.so) and libsdui_lua.so for C hosts that
# run scripts. It does not link liblua: the interpreter or the host provides it.
LUA_SRC    := $(wildcard Sources/SDUILua/*.c)
LUA_HDR    := $(wildcard Sources/SDUILua/*.h)
LUA_UI     := $(BUILD)/lua/ui_source.c
LUA_LIB    := $(BUILD)/lib/libsdui_lua.so
LUA_MOD    := $(BUILD)/lua/sdui.so
LUA_LINK   = -fPIC -shared -fvisibility=hidden $(LUA_CFLAGS) -Iinclude -ISources/SDUILua \
             -Wl,-soname,libsdui_lua.so -Wl,-z,nodelete -L$(LIBDIR) -lsdui

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
# The command line tool (tools/): `sdui render PAGE --scripts DIR --format html|text|json`.
CLI        := $(BUILD)/bin/sdui
CLI_SRC    := $(wildcard tools/*.c)
CLI_HDR    := $(wildcard tools/*.h)
BENCH_W4   := $(BUILD)/bench/w4
BUSTED     := lua5.4 /usr/bin/busted

.PHONY: all lib lua deps demo cli card terminal test-terminal test test-swift test-c test-lua test-readme test-demo test-install \
        test-preview check-symbols check-includes memcheck install uninstall clean bench bench-instr contract

all: lib lua

deps:
	@bash scripts/deps.sh

# SwiftPM tracks the sources itself; this target only asks it to build.
lib: deps
	$(SWIFT) build -c release --product sdui

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
	SDUI_WRITE_CONTRACT=1 $(SWIFT) test --filter ViewContractTests/luaModuleIsUpToDate

$(LUA_LIB): $(LUA_SRC) $(LUA_HDR) $(LUA_UI) $(LUA_CONTRACT) $(HEADERS) | lib
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -o $@ $(LUA_SRC) $(LUA_UI) $(LUA_CONTRACT) $(LUA_LINK) -Wl,-rpath,$(abspath $(LIBDIR))

$(LUA_MOD): $(LUA_LIB)
	@mkdir -p $(dir $@)
	ln -sf ../lib/libsdui_lua.so $@

$(BUILD)/tests/%: Tests/c/%.c Tests/c/check.h $(HEADERS) | lib lua
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
$(TERMINAL): $(TERM_SRC) $(TERM_HDR) $(COMMON_SRC) $(COMMON_HDR) $(HEADERS) | lib lua
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -Iexamples/common -o $@ $(TERM_SRC) $(COMMON_SRC) $(HOST_LINK) $(CURSES_LIBS) -lm

terminal: lib lua $(TERMINAL)

# On a terminal: the interactive host on the bundled scripts themselves, so
# editing them changes the screen live. Elsewhere (CI, pipes): the text demo.
demo: lib lua $(DEMO) $(TERMINAL)
	@if [ -t 0 ] && [ -t 1 ]; then \
	  echo "sdui: the home page in the terminal host. Edit the scripts in"; \
	  echo "  $(abspath lua/examples/scripts)/*.lua"; \
	  echo "while it runs: the screen follows (state is kept). Tab/Enter press buttons, q quits."; \
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

test: test-swift test-c test-lua test-readme test-demo test-terminal test-install test-preview check-symbols \
      check-includes memcheck fuzz-smoke sanitize

test-swift: deps
	$(SWIFT) test

# The binding's parts tested on their own, linked with Lua directly: the
# JSON/packed codecs and the budgeted pattern matcher (against stock Lua).
UNIT_TESTS := $(BUILD)/tests/luajson_test $(BUILD)/tests/pattern_test

test-c: lib lua $(C_TESTS) $(UNIT_TESTS)
	@set -e; for t in $(C_TESTS) $(UNIT_TESTS); do echo "== $$t"; $$t; done

$(BUILD)/tests/pattern_test: Tests/c/pattern_test.c Sources/SDUILua/pattern.c Sources/SDUILua/pattern.h
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -ISources/SDUILua -o $@ Tests/c/pattern_test.c Sources/SDUILua/pattern.c -llua5.4 -lm

# The JSON <-> Lua and packed <-> Lua converters on their own, linked with Lua directly.
$(BUILD)/tests/luajson_test: Tests/c/luajson_test.c Sources/SDUILua/luajson.c Sources/SDUILua/luajson.h \
                             Sources/SDUILua/packed.c Sources/SDUILua/packed.h $(HEADERS)
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) $(LUA_CFLAGS) -ISources/SDUILua -Iinclude -o $@ Tests/c/luajson_test.c \
	  Sources/SDUILua/luajson.c Sources/SDUILua/packed.c -llua5.4 -lm

test-lua: lua
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

# The terminal host driven in tmux: focus, press, scroll, live reload, quit.
test-terminal: $(TERMINAL)
	@bash examples/terminal/test.sh $(TERMINAL)

# The demo runs to the end and shows what the issues promise: one patch for
# the star, a delayed action through sdui_tick, a request's success chain,
# and the hot swap.
test-demo: $(DEMO)
	@$(DEMO) examples/home.json lua/examples/scripts lua/examples/scripts_v2 > $(BUILD)/demo.out
	@n=0; for want in '"op": "update"' 'sdui_tick(3000): 1 fired' 'Order confirmed #A1B2' '🎬 The Lighthouse'; do \
	  grep -qF "$$want" $(BUILD)/demo.out || { echo "demo output lacks: $$want"; n=$$((n+1)); }; done; \
	  echo "demo: $$((4-n)) passed, $$n failed"; [ $$n -eq 0 ]

# The CLI's three formats, its errors, a valgrind run, and the HTML preview
# opened in headless Chromium (screenshot and DOM checked).
test-preview: cli $(CLI_TEST)
	@bash Tests/preview/run.sh

# Installs into a temporary prefix and builds a host with pkg-config alone.
test-install: lib lua
	@bash Tests/install_test.sh

check-symbols: lib lua
	@bash Tests/check_symbols.sh include $(LIB) $(LUA_LIB)

# The Lua binding's quoted includes form no circle (x.c and x.h count as one module).
check-includes:
	@python3 Tests/check_includes.py Sources/SDUILua

memcheck: lib lua $(C_TESTS) $(UNIT_TESTS)
	@set -e; for t in $(C_TESTS) $(UNIT_TESTS); do echo "== valgrind $$t"; \
	  SDUI_TEST_LIGHT=1 valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
	    --show-leak-kinds=definite --suppressions=Tests/valgrind/swift.supp $$t > /dev/null; \
	  echo "memcheck: 1 passed, 0 failed"; done

install: lib lua
	install -d $(DESTDIR)$(PREFIX)/lib/pkgconfig $(DESTDIR)$(PREFIX)/lib/lua/5.4 $(DESTDIR)$(PREFIX)/include
	install -m 755 $(LIB) $(DESTDIR)$(PREFIX)/lib/libsdui.so
	$(CC) $(CFLAGS) -o $(DESTDIR)$(PREFIX)/lib/libsdui_lua.so $(LUA_SRC) $(LUA_UI) $(LUA_CONTRACT) $(LUA_LINK) \
	  -Wl,-rpath,$(PREFIX)/lib
	ln -sf ../../libsdui_lua.so $(DESTDIR)$(PREFIX)/lib/lua/5.4/sdui.so
	install -m 644 $(HEADERS) $(DESTDIR)$(PREFIX)/include/
	sed 's|@PREFIX@|$(PREFIX)|' sdui.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/sdui.pc

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/lib/libsdui.so $(DESTDIR)$(PREFIX)/lib/libsdui_lua.so \
	  $(DESTDIR)$(PREFIX)/lib/lua/5.4/sdui.so $(addprefix $(DESTDIR)$(PREFIX)/,$(HEADERS)) \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig/sdui.pc

clean:
	rm -rf $(BUILD) .build
