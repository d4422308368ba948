# Fuzzing and sanitizers (included by the Makefile; see fuzz/README.md).
#
#   make fuzz-build   the libFuzzer harnesses (build/fuzz/fuzz_*)
#   make fuzz         runs each harness FUZZ_TIME seconds (default 60) on its
#                     corpus (build/fuzz/corpus/<harness>, seeded from fuzz/seeds)
#   make fuzz-smoke   replays every seed and regression input through its
#                     harness, then fuzzes each harness FUZZ_SMOKE_TIME seconds
#   make sanitize     the C tests and the Lua specs under ASan + UBSan
#
# The harnesses and the sanitizer suites link an instrumented engine: the
# Swift library built by SwiftPM with -sanitize=fuzzer,address (coverage
# for libFuzzer and ASan checks; the libFuzzer runtime itself is linked only
# into the harnesses) in its own scratch folder, and the C binding built
# with clang -fsanitize=address,undefined (plus fuzzer-no-link for the
# harnesses).

# The clang of the Swift toolchain: it has the libFuzzer and sanitizer runtimes.
FUZZ_CC      ?= $(dir $(realpath $(shell command -v $(SWIFT) 2>/dev/null)))clang
FUZZ_SCRATCH := .build-fuzz
FUZZ_LIBDIR  := $(FUZZ_SCRATCH)/release
FUZZ_SWIFT   := $(FUZZ_LIBDIR)/libsdui.so
FUZZ_BUILD   := $(BUILD)/fuzz
FUZZ_NAMES   := page action patch path script theme flat
FUZZ_BINS    := $(patsubst %,$(FUZZ_BUILD)/fuzz_%,$(FUZZ_NAMES))
SAN_FLAGS    := -fsanitize=address,undefined -fno-sanitize-recover=undefined -fno-omit-frame-pointer
SAN_CFLAGS   := -O1 -g -Wall -Wextra -Werror -std=c11 $(SAN_FLAGS) -fuse-ld=lld
FUZZ_TIME       ?= 60
FUZZ_SMOKE_TIME ?= 4

.PHONY: fuzz-lib fuzz-build fuzz fuzz-smoke sanitize

# SwiftPM decides what to rebuild; the stamp only tells make when it ran.
FUZZ_SWIFT_SRC := $(shell find Sources/SDUICore Sources/SDUI -name '*.swift' 2>/dev/null)
$(FUZZ_BUILD)/swift.stamp: $(FUZZ_SWIFT_SRC) $(wildcard include/*.h) Package.swift | deps
	$(SWIFT) build $(SWIFTPM_FLAGS) -c release --product sdui --scratch-path $(FUZZ_SCRATCH) -Xswiftc -sanitize=fuzzer,address $(SWIFT_LINK)
	@ln -sf libsdui.so $(FUZZ_LIBDIR)/libsdui.so.$(SOVERSION)
	@mkdir -p $(dir $@) && touch $@

fuzz-lib: $(FUZZ_BUILD)/swift.stamp

# The binding, instrumented for the harnesses (coverage, ASan, UBSan).
$(FUZZ_BUILD)/lib/libsdui_lua.so: $(LUA_SRC) $(LUA_HDR) $(LUA_UI) $(LUA_CONTRACT) $(HEADERS) $(FUZZ_BUILD)/swift.stamp
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(SAN_CFLAGS) -fsanitize=fuzzer-no-link -o $@ $(LUA_SRC) $(LUA_UI) $(LUA_CONTRACT) -fPIC -shared -fvisibility=hidden \
	  $(LUA_CFLAGS) -Iinclude -ISources/SDUILua -Wl,-soname,libsdui_lua.so -L$(FUZZ_LIBDIR) -lsdui \
	  -Wl,-rpath,$(abspath $(FUZZ_LIBDIR))

$(FUZZ_BUILD)/fuzz_%: fuzz/fuzz_%.c fuzz/common.h fuzz/screen.h examples/common/json.c examples/common/json.h \
                      $(wildcard include/*.h) $(FUZZ_BUILD)/lib/libsdui_lua.so
	$(FUZZ_CC) $(SAN_CFLAGS) -fsanitize=fuzzer -DSDUI_FUZZ_ROOT='"$(CURDIR)"' -Iinclude -Iexamples/common -o $@ $< \
	  examples/common/json.c \
	  -L$(FUZZ_BUILD)/lib -L$(FUZZ_LIBDIR) -lsdui_lua -lsdui -llua5.4 -lpthread \
	  -Wl,-rpath,$(abspath $(FUZZ_BUILD)/lib) -Wl,-rpath,$(abspath $(FUZZ_LIBDIR))

fuzz-build: $(FUZZ_BINS)

fuzz: fuzz-build
	@bash fuzz/run.sh fuzz $(FUZZ_TIME) $(FUZZ_BUILD) $(FUZZ_NAMES)

fuzz-smoke: fuzz-build
	@bash fuzz/run.sh smoke $(FUZZ_SMOKE_TIME) $(FUZZ_BUILD) $(FUZZ_NAMES)

# The sanitizer suites: the C tests (those test-c runs) and the Lua specs,
# against the instrumented Swift library and a binding built with ASan and
# UBSan (no fuzzer coverage). The Lua specs run in the stock lua5.4 with the
# ASan runtime preloaded (fuzz/sanitize.sh says how).
SAN_BUILD    := $(BUILD)/asan
SAN_TESTS    := $(patsubst Tests/c/%.c,$(SAN_BUILD)/tests/%,$(wildcard Tests/c/test_*.c)) $(SAN_BUILD)/tests/luajson_test \
                $(SAN_BUILD)/tests/pattern_test

$(SAN_BUILD)/lib/libsdui_lua.so: $(LUA_SRC) $(LUA_HDR) $(LUA_UI) $(LUA_CONTRACT) $(HEADERS) $(FUZZ_BUILD)/swift.stamp
	@mkdir -p $(dir $@) $(SAN_BUILD)/lua
	$(FUZZ_CC) $(SAN_CFLAGS) -o $@ $(LUA_SRC) $(LUA_UI) $(LUA_CONTRACT) -fPIC -shared -fvisibility=hidden \
	  $(LUA_CFLAGS) -Iinclude -ISources/SDUILua -Wl,-soname,libsdui_lua.so -Wl,-z,nodelete -L$(FUZZ_LIBDIR) -lsdui \
	  -Wl,-rpath,$(abspath $(FUZZ_LIBDIR))
	ln -sf ../lib/libsdui_lua.so $(SAN_BUILD)/lua/sdui.so

$(SAN_BUILD)/tests/%: Tests/c/%.c Tests/c/check.h Tests/c/script_files.h $(HEADERS) $(SAN_BUILD)/lib/libsdui_lua.so
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(SAN_CFLAGS) -Iinclude -o $@ $< -L$(SAN_BUILD)/lib -L$(FUZZ_LIBDIR) -lsdui_lua -lsdui -llua5.4 \
	  -lpthread -Wl,-rpath,$(abspath $(SAN_BUILD)/lib) -Wl,-rpath,$(abspath $(FUZZ_LIBDIR))

$(SAN_BUILD)/tests/luajson_test: Tests/c/luajson_test.c Sources/SDUILua/luajson.c Sources/SDUILua/luajson.h \
                                 Sources/SDUILua/packed.c Sources/SDUILua/packed.h $(HEADERS)
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(SAN_CFLAGS) $(LUA_CFLAGS) -ISources/SDUILua -Iinclude -o $@ Tests/c/luajson_test.c \
	  Sources/SDUILua/luajson.c Sources/SDUILua/packed.c -llua5.4 -lm

$(SAN_BUILD)/tests/pattern_test: Tests/c/pattern_test.c Sources/SDUILua/pattern.c Sources/SDUILua/pattern.h
	@mkdir -p $(dir $@)
	$(FUZZ_CC) $(SAN_CFLAGS) $(LUA_CFLAGS) -ISources/SDUILua -o $@ Tests/c/pattern_test.c Sources/SDUILua/pattern.c \
	  -llua5.4 -lm

sanitize: lua $(SAN_TESTS) $(SAN_BUILD)/lib/libsdui_lua.so
	@bash fuzz/sanitize.sh $(FUZZ_CC) $(SAN_BUILD) $(SAN_TESTS)
