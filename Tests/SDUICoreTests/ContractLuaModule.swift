// The view contract written as Lua (lua/sdui/contract.lua). It lives with the
// tests, not in SDUICore, which knows nothing of Lua: ViewContractTests
// compares the checked-in file with it, and `make contract` rewrites it.
@testable import SDUICore

extension ViewContract {
    /// Where `luaModule` is checked in, from the repository root.
    static let luaModulePath = "lua/sdui/contract.lua"

    /// The command that rewrites `luaModulePath` from this description.
    static let regenerateCommand = "make contract"

    /// The text of `lua/sdui/contract.lua`: this description as a plain Lua table.
    static var luaModule: String {
        func quoted(_ s: String) -> String { "\"" + s + "\"" } // names only: no escapes needed
        func list(_ names: [String]) -> String { "{ " + names.map(quoted).joined(separator: ", ") + " }" }
        var out = """
        -- sdui.contract: the view contract of the core (Sources/SDUICore/View/ViewContract.swift) as data.
        -- Generated: do not edit. Regenerate with `\(regenerateCommand)`; `swift test` fails when it is out of date.
        -- lua/sdui/ui.lua builds its tables from it; it is embedded and preloaded like sdui.ui.
        return {
          -- Node kinds: content members (string, enum (one of values), boolean
          -- (a button's "disabled", an input's "multiple"), and an input's typed
          -- members: number, options (an array of {title = string, value =
          -- string}), binding ("service/path"), validation (a table: required,
          -- pattern, minLength, maxLength, message)), whether the kind takes
          -- children and an action, whether only the engine renders it.
          kinds = {

        """
        for kind in kinds {
            let members = kind.members.map { member in
                var values = ""
                if case .oneOf(let names) = member.type { values = ", values = \(list(names))" }
                return "{ name = \(quoted(member.name)), type = \(quoted(member.type.name))\(values), required = \(member.required) }"
            }
            let memberList = members.isEmpty ? "{}" : "{ " + members.joined(separator: ", ") + " }"
            out += "    { name = \(quoted(kind.name)), members = \(memberList),\n"
            out += "      children = \(kind.children), action = \(kind.action), engine_only = \(kind.engineOnly) },\n"
        }
        out += """
          },
          -- Style fields, in the core's order, with the values each takes:
          -- string, nonNegative (a finite number >= 0), dimension (nonNegative or
          -- "fill"), padding (nonNegative or a table of padding_edges), opacity
          -- (0 to 1), lineLimit (an integer 0 to 2^31-1), enum (one of values).
          style = {

        """
        for field in styleFields {
            out += "    { name = \(quoted(field.name)), type = \(quoted(field.type.name))"
            if case .oneOf(let values) = field.type { out += ", values = \(list(values))" }
            out += " },\n"
        }
        out += """
          },
          padding_edges = \(list(paddingEdges)),
          action_members = \(list(actionMembers)),
          node_members = \(list(nodeMembers)),
          -- The accessibility table every node may carry: its members (strings),
          -- and the roles its role may name.
          accessibility_members = \(list(accessibilityMembers)),
          accessibility_roles = \(list(accessibilityRoles)),
        }

        """
        return out
    }
}
