// The view contract written as a JSON Schema (schema/view.schema.json, draft
// 2020-12). It lives with the tests, as ContractLuaModule.swift does: the
// core knows nothing of JSON Schema. ViewContractTests compares the
// checked-in file with it, `make contract` rewrites it, and
// Tests/schema/agree.py runs it and the decoders over the corpora.
//
// What it cannot say (JSON Schema compares no two values of a document),
// the decoders alone check: an input's min at most its max, a validation's
// minLength at most its maxLength and its pattern a regular expression of
// Swift's, node keys unique within a view, a state path's index within
// Int's range.
@testable import SDUICore

extension ViewContract {
    /// Where `jsonSchema` is checked in, from the repository root.
    static let schemaPath = "schema/view.schema.json"

    /// The hand-written schema beside it (pages, components, actions,
    /// effects, server patches), which this one refers to for actions.
    static let mainSchemaFile = "sdui.schema.json"

    /// A string holding no C0 or C1 control character (`Decode.checkIdentifier`).
    static let noControlCharacters: JSON = ["not": ["pattern": "[\\u0000-\\u001f\\u0080-\\u009f]"]]

    /// A state path inside a service, "service/path", as `InputBinding`
    /// parses it: `JSONPath(parsing:)` with at least one segment. The end
    /// is `(?![\s\S])`, not `$` (which also matches before a final newline).
    static var bindingPattern: String {
        let segment = #"\.[^.\[]+|\["(?:[^"\\]|\\[\s\S])*"\]|\[(?:\+?[0-9]+|-0+)\]"#
        return #"^[^/]+/(?:\$(?:"# + segment + #")+|(?:[^.\[$][^.\[]*|"# + segment + #")(?:"# + segment + #")*)(?![\s\S])"#
    }

    /// The schema of one value type (a style field's or a content member's).
    static func schema(of type: ValueType) -> JSON {
        let nonNegative: JSON = ["type": "number", "minimum": 0]
        switch type {
        case .string: return ["type": "string"]
        case .nonNegative: return nonNegative
        case .dimension: return ["anyOf": [nonNegative, ["const": "fill"]]]
        case .padding:
            var edges = JSONObject()
            for edge in paddingEdges { edges[edge] = nonNegative }
            return ["anyOf": [nonNegative, ["type": "object", "properties": .object(edges), "additionalProperties": false]]]
        case .opacity: return ["type": "number", "minimum": 0, "maximum": 1]
        case .lineLimit: return ["type": "integer", "minimum": 0, "maximum": .int(Int64(Int32.max))]
        case .positive: return ["type": "number", "exclusiveMinimum": 0]
        case .oneOf(let values): return ["enum": .array(values.map { .string($0) })]
        case .number: return ["type": "number"]
        case .boolean: return ["type": "boolean"]
        case .binding: return ["type": "string", "pattern": .string(bindingPattern)]
        case .validation: return ["$ref": "#/$defs/validation"]
        case .options: return ["$ref": "#/$defs/options"]
        case .runs: return ["$ref": "#/$defs/runs"]
        }
    }

    /// The schema of a node of `kind`: its members, nothing else.
    static func schema(of kind: Kind) -> JSON {
        var properties = JSONObject()
        properties["type"] = ["const": .string(kind.name)]
        properties["id"] = ["type": ["string", "null"]]
        properties["key"] = ["anyOf": [["type": "null"], ["$ref": "#/$defs/key"]]]
        properties["style"] = ["$ref": "#/$defs/style"]
        properties["accessibility"] = ["anyOf": [["type": "null"], ["$ref": "#/$defs/accessibility"]]]
        for member in kind.members { properties[member.name] = schema(of: member.type) }
        if kind.action { properties["action"] = ["anyOf": [["type": "null"], ["$ref": "#/$defs/action"]]] }
        if kind.children { properties["children"] = ["type": "array", "items": ["$ref": "#/$defs/node"]] }
        var o = JSONObject()
        o["type"] = "object"
        o["properties"] = .object(properties)
        o["required"] = .array((["type"] + kind.members.filter(\.required).map(\.name)).map { .string($0) })
        o["additionalProperties"] = false
        if kind.name == ViewNode.Kind.input.rawValue { o["allOf"] = inputKindRules }
        return .object(o)
    }

    /// `InputContent.check`'s rules: the members only some input kinds take
    /// (an input without "kind" is a text input), and a choice's options.
    static var inputKindRules: JSON {
        var rules: [JSON] = []
        for input in InputKind.allCases {
            var refused = JSONObject()
            for member in InputContent.kindMembers where !InputContent.members(of: input).contains(member) {
                refused[member] = false
            }
            let isKind: JSON = input == .text
                ? ["anyOf": [["not": ["required": ["kind"]]], ["properties": ["kind": ["const": "text"]]]]]
                : ["properties": ["kind": ["const": .string(input.rawValue)]], "required": ["kind"]]
            var then = JSONObject([("properties", .object(refused))])
            if input == .choice { then["required"] = ["options"] }
            rules.append(["if": isKind, "then": .object(then)])
        }
        return .array(rules)
    }

    /// The text of `schema/view.schema.json`.
    static var jsonSchema: String {
        var defs = JSONObject()
        var dispatch: [JSON] = []
        for kind in kinds {
            dispatch.append(["if": ["properties": ["type": ["const": .string(kind.name)]]],
                             "then": ["$ref": .string("#/$defs/kind-\(kind.name)")]])
        }
        defs["node"] = [
            "description": "A view node: its type names its kind, which says its other members.",
            "type": "object",
            "properties": ["type": ["enum": .array(kinds.map { .string($0.name) })]],
            "required": ["type"],
            "allOf": .array(dispatch),
        ]
        for kind in kinds {
            var schema = Self.schema(of: kind)
            if kind.engineOnly, case .object(var o) = schema {
                o["description"] = "Rendered by the engine only: factories do not build it."
                schema = .object(o)
            }
            defs["kind-\(kind.name)"] = schema
        }
        var style = JSONObject()
        for field in styleFields { style[field.name] = schema(of: field.type) }
        defs["style"] = [
            "description": "A style object, or a string: the font shorthand {\"font\": string}.",
            "anyOf": [["type": "string"], ["type": "object", "properties": .object(style), "additionalProperties": false]],
        ]
        defs["key"] = ["type": "string", "allOf": [noControlCharacters]]
        defs["accessibility"] = [
            "description": "What a screen reader says of the node: its name, role and hint (each optional).",
            "type": "object",
            "properties": ["label": ["type": ["string", "null"]], "hint": ["type": ["string", "null"]],
                           "role": ["anyOf": [["type": "null"], ["enum": .array(Accessibility.Role.allCases.map { .string($0.rawValue) })]]]],
            "additionalProperties": false,
        ]
        defs["action"] = ["$ref": .string(mainSchemaFile + "#/$defs/action")]
        let length: JSON = ["type": "integer", "minimum": 0, "maximum": .int(Int64(Int32.max))]
        defs["validation"] = [
            "type": "object",
            "properties": ["required": ["type": "boolean"], "pattern": ["type": "string"], "minLength": length,
                           "maxLength": length, "message": ["type": "string"]],
            "additionalProperties": false,
        ]
        defs["options"] = [
            "type": "array",
            "items": ["type": "object",
                      "properties": ["title": ["type": "string"], "value": ["type": "string"]],
                      "required": ["title", "value"], "additionalProperties": false],
        ]
        var run = JSONObject([("text", ["type": "string"])])
        for name in TextRun.members where name != "text" {
            switch name {
            case "italic", "underline", "strikethrough": run[name] = ["type": ["boolean", "null"]]
            case "action": run[name] = ["anyOf": [["type": "null"], ["$ref": "#/$defs/action"]]]
            default: run[name] = ["type": ["string", "null"]]
            }
        }
        defs["runs"] = [
            "type": "array", "minItems": 1,
            "items": ["type": "object", "properties": .object(run), "required": ["text"], "additionalProperties": false],
        ]
        let schema: JSON = [
            "$schema": "https://json-schema.org/draft/2020-12/schema",
            "title": "sdui view node",
            "description": .string("""
                Generated from Sources/SDUICore/View/ViewContract.swift by Tests/SDUICoreTests/ContractSchema.swift: \
                do not edit. Regenerate with `\(regenerateCommand)`; `swift test` fails when it is out of date. \
                Not said here, checked by the decoders only: an input's min at most its max, a validation's \
                minLength at most its maxLength and its pattern a regular expression, node keys unique within a view.
                """),
            "$ref": "#/$defs/node",
            "$defs": .object(defs),
        ]
        return prettyJSON(schema) + "\n"
    }

    /// `value` as JSON text, two spaces an indent, one member or element a
    /// line, except that a value whose one-line form fits in 100 columns
    /// stays on one line.
    static func prettyJSON(_ value: JSON, indent: String = "") -> String {
        let flat = oneLine(value)
        if indent.count + flat.count <= 100 { return flat }
        let inner = indent + "  "
        switch value {
        case .object(let o):
            let members = o.map { key, value in inner + JSONWriter.quoted(key) + ": " + prettyJSON(value, indent: inner) }
            return "{\n" + members.joined(separator: ",\n") + "\n" + indent + "}"
        case .array(let items):
            return "[\n" + items.map { inner + prettyJSON($0, indent: inner) }.joined(separator: ",\n") + "\n" + indent + "]"
        default:
            return flat
        }
    }

    /// `value` as JSON text on one line, with a space after each colon and comma.
    static func oneLine(_ value: JSON) -> String {
        switch value {
        case .object(let o):
            return "{" + o.map { key, value in JSONWriter.quoted(key) + ": " + oneLine(value) }.joined(separator: ", ") + "}"
        case .array(let items):
            return "[" + items.map(oneLine).joined(separator: ", ") + "]"
        default:
            return JSONWriter.string(value)
        }
    }
}
