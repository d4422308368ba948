# sdui: build, demo and tests. `make demo` and `make test` are the two
# commands a newcomer needs; both install missing Debian packages first.

SWIFT     ?= swift
CC        ?= cc
PREFIX    ?= /usr/local
BUILD     := build
LIBDIR    := .build/release
LIB       := $(LIBDIR)/libsdui.so
CFLAGS    ?= -O2 -g -Wall -Wextra -Werror -std=c11
HOST_LINK := -L$(LIBDIR) -lsdui -Wl,-rpath,$(abspath $(LIBDIR)) -lpthread

C_TESTS   := $(patsubst tests/c/%.c,$(BUILD)/tests/%,$(wildcard tests/c/test_*.c))
DEMO      := $(BUILD)/examples/demo

.PHONY: all lib deps demo test test-swift test-c test-readme check-symbols memcheck clean

all: lib

deps:
	@bash scripts/deps.sh

# SwiftPM tracks the sources itself; this target only asks it to build.
lib: deps
	$(SWIFT) build -c release --product sdui

$(BUILD)/tests/%: tests/c/%.c tests/c/check.h include/sdui.h | lib
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -o $@ $< $(HOST_LINK)

$(DEMO): examples/demo.c include/sdui.h | lib
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS) -Iinclude -o $@ $< $(HOST_LINK)

demo: lib $(DEMO)
	$(DEMO) examples/home.json

test: test-swift test-c test-readme check-symbols memcheck

test-swift: deps
	$(SWIFT) test

test-c: lib $(C_TESTS)
	@set -e; for t in $(C_TESTS); do echo "== $$t"; $$t; done

# The C example in README.md must compile against the header and run.
test-readme: lib
	@mkdir -p $(BUILD)
	@awk '/^```c$$/{on=1;next} /^```$$/{if(on)exit} on' README.md > $(BUILD)/readme_example.c
	$(CC) $(CFLAGS) -Iinclude -o $(BUILD)/readme_example $(BUILD)/readme_example.c $(HOST_LINK)
	@$(BUILD)/readme_example | grep -q 'world' && echo "readme example: 1 passed, 0 failed"

check-symbols: lib
	@bash tests/check_symbols.sh $(LIB) include/sdui.h

memcheck: lib $(C_TESTS)
	@set -e; for t in $(C_TESTS); do echo "== valgrind $$t"; \
	  valgrind --quiet --error-exitcode=99 --leak-check=full --errors-for-leak-kinds=definite \
	    --show-leak-kinds=definite --suppressions=tests/valgrind/swift.supp $$t > /dev/null; \
	  echo "memcheck: 1 passed, 0 failed"; done

clean:
	rm -rf $(BUILD) .build
