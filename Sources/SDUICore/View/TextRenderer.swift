/// Renders a screen as plain text for terminals, logs and tests.
///
/// One block a component, headed by its id; stacks become lines, an hstack
/// of one-line children becomes one line, buttons read `[label]` (and
/// `[label] (disabled)`), images `[image: alt]` (their accessibility label
/// in place of the alt when they have one: what a reader says), and a tap target (a
/// container or image with an action) is marked `▸` before its first line.
/// Tooltips are not drawn. A readable sketch for CI logs, pipes and the demo, not
/// a layout. Control characters in any text are written as `\u001b`
/// (`escapingControlCharacters`): the output is one C string, all of it
/// printable, whatever the page holds.
public enum TextRenderer {
    public static func render(_ screen: Screen) -> String {
        var out = ""
        for component in screen.components {
            out += "▌ \(component.id.escapingControlCharacters()) (\(component.type.escapingControlCharacters()))\n"
            for line in lines(component.view) {
                out += "  " + line.escapingControlCharacters() + "\n"
            }
        }
        return out
    }

    /// The text lines of one node.
    public static func lines(_ node: ViewNode) -> [String] {
        guard node.action == nil || node.kind == .button || node.kind == .input else {
            return tapTarget(ownLines(node))
        }
        return ownLines(node)
    }

    /// A tap target's lines: `▸ ` before the first, the rest indented under it.
    static func tapTarget(_ lines: [String]) -> [String] {
        guard let first = lines.first, !first.isEmpty || lines.count > 1 else { return ["▸"] }
        return ["▸ " + first] + lines.dropFirst().map { "  " + $0 }
    }

    /// The lines of a node as its kind draws it, whatever its action.
    private static func ownLines(_ node: ViewNode) -> [String] {
        switch node.kind {
        case .text:
            let text = node.props["text"] ?? ""
            return text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        case .image:
            return ["[image: \(node.accessibility?.label ?? node.props["alt"] ?? node.props["url"] ?? "")]"]
        case .button:
            let label = node.props["label"] ?? node.children.flatMap(lines).joined(separator: " ")
            return [node.disabled ? "[\(label)] (disabled)" : "[\(label)]"]
        case .input:
            let input = InputContent(node.props)
            let shown = input.lines
            let lines: [String]
            switch input.kind {
            case .toggle:
                lines = shown
            case .multiline:
                lines = ["\(input.name):"] + shown.map { "  | \($0)" }
            case .choice where input.display == .expanded:
                lines = ["\(input.name):"] + shown.map { "  \($0)" }
            case .choice:
                lines = ["\(input.name): [\(shown.first ?? "")]"]
            case .text, .number, .date, .time:
                lines = ["\(input.name): [\(shown.first ?? "")_____]"]
            }
            return lines + (input.error.map { ["  ! \($0)"] } ?? [])
        case .list:
            return node.children.flatMap { child -> [String] in
                let body = lines(child)
                guard let first = body.first else { return [] }
                return ["• " + first] + body.dropFirst().map { "  " + $0 }
            }
        case .paragraph:
            return TextRun.plainText(node.props["runs"] ?? "").split(separator: "\n", omittingEmptySubsequences: false)
                .map(String.init)
        case .grid: // rows, each as an hstack
            return node.children.flatMap { row in
                lines(ViewNode(.hstack, children: row.kind.isContainer && row.kind != .button ? row.children : [row]))
            }
        case .pager: // the page shown, then where it is among the pages
            let page = ViewNode.pagerPage(node.props["page"], count: node.children.count)
            guard page >= 0 else { return [] }
            return lines(node.children[page]) + ["(\(page + 1) of \(node.children.count))"]
        case .hstack, .wrap, .rail:
            let parts = node.children.map(lines).filter { !$0.isEmpty }
            if parts.allSatisfy({ $0.count == 1 }) {
                return [parts.map { $0[0] }.joined(separator: "  ")]
            }
            // Multi-line children: first child's lines, the rest indented under it.
            var result: [String] = []
            for (i, part) in parts.enumerated() {
                result += i == 0 ? part : part.map { "  " + $0 }
            }
            return result
        case .divider:
            return ["────────"]
        case .fallback:
            return ["⚠ " + (node.props["text"] ?? "Unsupported component \"\(node.props["componentType"] ?? "")\"")]
        case .error:
            return ["✖ error: " + (node.props["message"] ?? "")]
        default: // vstack, zstack, any kind with no lines of its own: its children's, one under another (a spacer: none)
            return node.children.flatMap(lines)
        }
    }
}
