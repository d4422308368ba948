/// What the screen's layout tells a host of a node besides its id, kind and
/// frame, so that it draws the engine's answers instead of working them out
/// again: its accessibility role, its accessible name and the text it shows.
///
/// - `role`: `Accessibility.role(of:)` (its own, else its kind's default);
///   nil for a node with none (a plain stack, a spacer).
/// - `name`: `Accessibility.name(of:)`, for the nodes a reader says one of:
///   those with a name of their own (an accessibility label, a text, an
///   image's alt, an input's title or placeholder, a button's label) and
///   those read as one element (`Role.isElement`: a tap target, a button
///   made of children, named by what they hold); nil when empty or
///   otherwise (a plain container, whose name is what it holds).
/// - `text`: the text the layout measured for it (`LayoutTree.text(of:)`):
///   a text's text, a paragraph's runs joined, a button's label, an image's
///   alt or placeholder or "image", an input's shown text
///   (`InputContent.measuredText`: value or placeholder, a password masked,
///   a toggle's "[x] title", a choice's lines), a fallback's text, an
///   error's "✖ " and message; nil for the rest (containers, spacers, a
///   button made of children, a pager).
/// - `inputKind`: an input's kind (`InputKind`, "text" when it gives none),
///   written as its number (`InputKind.number`: `sdui_input_kind` in
///   `sdui.h`); nil for the other kinds of node.
public struct LayoutContent: Sendable, Equatable {
    /// The node's accessibility role, or nil.
    public var role: Accessibility.Role?
    /// The node's accessible name, or nil.
    public var name: String?
    /// The text the node shows, as the layout measured it, or nil.
    public var text: String?
    /// An input's kind, or nil.
    public var inputKind: InputKind?

    /// Content with the members given.
    public init(role: Accessibility.Role? = nil, name: String? = nil, text: String? = nil,
                inputKind: InputKind? = nil)
    {
        self.role = role
        self.name = name
        self.text = text
        self.inputKind = inputKind
    }

    /// The content of every node of the tree at `view`, depth first (a
    /// node, then its children's subtrees in turn), as the frames are.
    /// A name made of what a node holds is joined only for the nodes read as
    /// one element, which hold little; a plain container's is never made.
    static func of(_ view: UnsafePointer<ViewNode>) -> [LayoutContent] {
        var contents: [LayoutContent] = []
        func visit(_ node: UnsafePointer<ViewNode>) {
            let role = Accessibility.role(of: node.pointee)
            var name = Accessibility.ownName(of: node.pointee)
            if name == nil, role?.isElement == true { name = Accessibility.name(of: node.pointee) }
            let text = node.pointee.kind == .pager ? nil : LayoutTree.text(of: node)
            let kind = node.pointee.kind == .input ? InputContent.kind(of: node.pointee.props) : nil
            contents.append(LayoutContent(role: role, name: name?.isEmpty == false ? name : nil, text: text,
                                          inputKind: kind))
            LayoutTree.forEachChild(of: node, visit)
        }
        visit(view)
        return contents
    }
}
