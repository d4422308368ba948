// swift-tools-version:6.0
import PackageDescription

// libsdui.so: the Swift core behind the C ABI declared in include/sdui.h (hosts)
// and include/sdui_binding.h (language bindings).
// The Swift runtime is linked statically so a C host needs nothing but libc,
// and the library is marked NODELETE because Swift images cannot be unloaded
// (Lua dlcloses C modules at lua_close). Its soname is libsdui.so.0: a
// release that breaks the C ABI bumps it (and the Makefile's SOVERSION).
let package = Package(
    name: "sdui",
    products: [
        // The C library (libsdui.so.0; `make install` installs it with its headers).
        .library(name: "sdui", type: .dynamic, targets: ["SDUI"]),
        // The engine for Swift programs: `import SDUICore` (README, "From Swift").
        .library(name: "SDUICore", targets: ["SDUICore"]),
    ],
    targets: [
        // include/sdui.h and include/sdui_binding.h imported as a Clang module,
        // so the Swift exports are written with exactly the types the headers
        // declare (include/module.modulemap; sdui_scripts.h is not in it).
        .systemLibrary(name: "CSDUI", path: "include"),
        .target(name: "SDUICore"),
        .target(
            name: "SDUI",
            dependencies: ["SDUICore", "CSDUI"],
            exclude: ["exports.map"],
            linkerSettings: [
                .unsafeFlags([
                    "-static-stdlib",
                    "-Xlinker", "-z", "-Xlinker", "nodelete",
                    "-Xlinker", "-soname=libsdui.so.0",
                    // Only the C API's sdui_ functions are exported (Sources/SDUI/exports.map).
                    "-Xlinker", "--version-script=\(Context.packageDirectory)/Sources/SDUI/exports.map",
                ]),
            ]
        ),
        .testTarget(name: "SDUICoreTests", dependencies: ["SDUICore"]),
    ]
)
