# bench/peer_deps.sh -- sourced by run.sh and instr.sh: makes sure the peer
# can run (lua5.4 with lua-cjson), installing lua-cjson with apt-get when
# running as root. Needs the caller's die().
command -v lua5.4 >/dev/null || die "lua5.4 is needed to run the peer: apt-get install -y lua5.4"
if ! lua5.4 -e 'require "cjson"' >/dev/null 2>&1; then
    if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null; then
        echo "bench: installing lua-cjson for the peer"
        apt-get install -y lua-cjson >/dev/null 2>&1 || { apt-get update >/dev/null && apt-get install -y lua-cjson >/dev/null; }
    fi
    lua5.4 -e 'require "cjson"' >/dev/null 2>&1 ||
        die "the peer needs lua-cjson: sudo apt-get install -y lua-cjson"
fi
