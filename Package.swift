// swift-tools-version:6.0
import PackageDescription

// SPDX-License-Identifier: MIT (LICENSE)
// libsdui.so: the Swift core behind the C ABI declared in include/sdui.h (hosts)
// and include/sdui_binding.h (language bindings).
// `make lib` links it with the Swift runtime static, NODELETE and the soname
// libsdui.so.0 (the Makefile's SWIFT_LINK): as linker settings here they would
// be unsafeFlags, and SwiftPM refuses a package with those as a versioned
// dependency.
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
            exclude: ["exports.map"] // the C API's export list, passed by the Makefile (SWIFT_LINK)
        ),
        .testTarget(name: "SDUICoreTests", dependencies: ["SDUICore"]),
    ]
)
