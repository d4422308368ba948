// The flat view layout written as C tables (Sources/SDUILua/flat_layout.h),
// for the Lua binding's flat writer (flat.c). It lives with the tests, like
// the Lua contract: ViewContractTests compares the checked-in header with
// it, and `make contract` rewrites it.
@testable import SDUICore

extension ViewContract {
    /// Where `flatLayoutHeader` is checked in, from the repository root.
    static let flatLayoutPath = "Sources/SDUILua/flat_layout.h"

    /// Every member name a node may carry, as the C tables number them: the
    /// structural ones, then each content member once, in kind order.
    static var flatNames: [String] {
        var names = ["type", "id", "key", "style", "action", "children", "disabled", "accessibility"]
        for kind in ViewNode.Kind.allCases {
            for prop in kind.props where !names.contains(prop.name) { names.append(prop.name) }
        }
        return names
    }

    /// The text of `Sources/SDUILua/flat_layout.h`.
    static var flatLayoutHeader: String {
        let names = flatNames
        let kinds = ViewNode.Kind.allCases
        let kindNames = kinds.map { $0.rawValue }
        func rows(_ values: [Int]) -> String {
            stride(from: 0, to: values.count, by: 16).map { start in
                "    " + values[start..<min(start + 16, values.count)].map(String.init).joined(separator: ", ") + ","
            }.joined(separator: "\n")
        }
        func bits(_ kind: ViewNode.Kind, _ include: (ViewNode.Kind, (name: String, required: Bool, type: ValueType)) -> Bool) -> String {
            var mask = 0
            for (i, prop) in kind.props.enumerated() where include(kind, prop) { mask |= 1 << i }
            return "0x" + String(mask, radix: 16)
        }
        var out = """
        /*
        ** flat_layout.h -- the engine's flat view layout (FlatView in
        ** Sources/SDUICore/View/FlatView.swift) as C tables, for flat.c.
        ** Generated: do not edit. Regenerate with `\(regenerateCommand)`; `swift test`
        ** fails when it is out of date. The engine checks every view written
        ** from these tables (sdui_call_return_flat), so a stale table makes
        ** views go the packed way, never a wrong view.
        */
        #ifndef SDUI_LUA_FLAT_LAYOUT_H
        #define SDUI_LUA_FLAT_LAYOUT_H

        #include <stddef.h>

        /* A node: kind (uint8), flags (uint8), content bits (uint16, low byte
        ** first), child count (uint32, host order), then its fields, each a
        ** uint32 length (host order) and its bytes. */
        #define FLAT_HEADER_SIZE \(FlatView.headerSize)
        #define FLAT_KEY_FLAG \(FlatView.keyFlag)
        #define FLAT_STYLE_FLAG \(FlatView.styleFlag)
        #define FLAT_ACTION_FLAG \(FlatView.actionFlag)
        #define FLAT_DISABLED_FLAG \(FlatView.disabledFlag)
        #define FLAT_ACCESSIBILITY_FLAG \(FlatView.accessibilityFlag)

        /* The member names a node may carry, numbered: the structural ones, then
        ** each content member once. */
        enum { FLAT_TYPE, FLAT_ID, FLAT_KEY, FLAT_STYLE, FLAT_ACTION, FLAT_CHILDREN, FLAT_DISABLED, FLAT_ACCESSIBILITY };
        #define FLAT_NAME_COUNT \(names.count)
        static const char *const flat_names[FLAT_NAME_COUNT] = {

        """
        out += names.map { "    \"\($0)\"," }.joined(separator: "\n") + "\n};\n"
        out += "static const unsigned char flat_name_lengths[FLAT_NAME_COUNT] = {\n"
        out += rows(names.map(\.utf8.count)) + "\n};\n\n"
        out += """
        /* The kinds' names, numbered as the flat form numbers the kinds. */
        #define FLAT_KIND_COUNT \(kinds.count)
        static const char *const flat_kind_names[FLAT_KIND_COUNT] = {
        \(kindNames.map { "    \"\($0)\"," }.joined(separator: "\n"))
        };
        static const unsigned char flat_kind_name_lengths[FLAT_KIND_COUNT] = {
        \(rows(kindNames.map(\.utf8.count)))
        };

        /* One kind: the content bits it requires and the ones written
        ** as plain strings (the others go the packed way); whether it takes an
        ** action, "disabled" and children; and the content position of each
        ** name of flat_names, or -1. */
        typedef struct {
            unsigned short required, plain;
            unsigned char takes_action, takes_disabled, container;
            signed char position[FLAT_NAME_COUNT];
        } flat_kind;

        static const flat_kind flat_kinds[FLAT_KIND_COUNT] = {

        """
        for kind in kinds {
            let positions = names.map { name in kind.props.firstIndex { $0.name == name } ?? -1 }
            let required = bits(kind) { _, prop in prop.required }
            let plain = bits(kind) { kind, prop in
                prop.type == .string && !(kind == .input && InputContent.checkedMembers.contains(prop.name))
            }
            out += "    /* \(kind.rawValue) */ {\(required), \(plain), \(kind.takesAction ? 1 : 0), "
            out += "\(kind.takesDisabled ? 1 : 0), \(kind.isContainer ? 1 : 0),\n"
            out += "     {" + positions.map(String.init).joined(separator: ", ") + "}},\n"
        }
        out += """
        };

        #endif

        """
        return out
    }
}
