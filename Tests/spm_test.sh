#!/usr/bin/env bash
# spm_test.sh VERSION -- another SwiftPM package can depend on sdui by version:
# a throwaway clone of HEAD with the working tree's Package.swift, tagged
# vVERSION, and a consumer package that depends on it `from: "VERSION"` and
# uses both products (SDUICore and sdui). SwiftPM plans the consumer's build
# (--print-manifest-job-graph: the whole graph, nothing compiled), and that is
# where it refuses a versioned dependency with unsafe flags ("the target
# 'SDUI' in product 'sdui' contains unsafe build flags").
set -euo pipefail
cd "$(dirname "$0")/.."

version=${1:?usage: spm_test.sh VERSION}
swift=${SWIFT:-swift}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# shellcheck source=Tests/checks.sh
. Tests/checks.sh

git clone -q "$PWD" "$work/sdui"
cp Package.swift "$work/sdui/Package.swift"
git -C "$work/sdui" -c user.name=spm_test -c user.email=spm_test@localhost commit -q --allow-empty -am "Package.swift of the working tree"
# The tag on this commit (the repository's own release tag, cloned with it, is moved here).
git -C "$work/sdui" -c user.name=spm_test -c user.email=spm_test@localhost tag -f -a "v$version" -m "spm_test" >/dev/null

mkdir -p "$work/consumer/Sources/consumer"
cat >"$work/consumer/Package.swift" <<SWIFT
// swift-tools-version:6.0
import PackageDescription
let package = Package(
    name: "consumer",
    dependencies: [.package(url: "file://$work/sdui", from: "$version")],
    targets: [
        .executableTarget(name: "consumer", dependencies: [
            .product(name: "SDUICore", package: "sdui"),
            .product(name: "sdui", package: "sdui"),
        ]),
    ]
)
SWIFT
echo 'import SDUICore' >"$work/consumer/Sources/consumer/main.swift"

spm=(--package-path "$work/consumer" --scratch-path "$work/consumer/.build" --cache-path "$work/cache")
check "the consumer resolves sdui at $version" bash -c "$swift package ${spm[*]} resolve >'$work/resolve.log' 2>&1 &&
  grep -q 'resolved at $version' '$work/resolve.log' || { cat '$work/resolve.log'; exit 1; }"
check "SwiftPM plans the consumer's build (no unsafe flags)" bash -c "$swift build ${spm[*]} --print-manifest-job-graph \\
  >'$work/graph.dot' 2>'$work/plan.log' && grep -q 'digraph' '$work/graph.dot' || { cat '$work/plan.log'; exit 1; }"

report spm
