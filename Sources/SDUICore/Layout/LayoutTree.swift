/// A view tree compiled for layout: what `LayoutRun` reads of each node,
/// in flat arrays, the nodes in depth-first order (a node, then its
/// children's subtrees in turn).
///
/// The layout cache makes one per render of a component and lays it out at
/// every width from it. Walking the view nodes themselves (a dictionary of
/// props per node, an array of children, strings, each somewhere else in
/// memory, each counted when read) was most of what a layout cost; here a
/// node is a few integers, its style a plain value made usable once
/// (`LayoutBox`, which needs the engine's chrome), and the texts it measures
/// are UTF-8 bytes end to end.
final class LayoutTree {
    /// One node.
    struct Node {
        var kind: ViewNode.Kind
        /// Whether some child is flexible in an hstack (`flexibleInRow`)
        /// or in a vstack (`flexibleInColumn`): the stacks look for their
        /// flexible children only when there are some.
        var flexible: UInt8 = 0
        /// What the reading order needs of it (`ReadingOrder`): the bits
        /// `readsAsElement`, `readsRTL` and `readsLTR`.
        var reading: UInt8 = 0
        /// Its parent's index (-1 for the root).
        var parent: Int32
        /// The index after its subtree; its first child, if any, is the next node.
        var end: Int32
        /// How many children it has.
        var children: Int32
        /// Its box (its style made usable) in `boxes`: one of the three
        /// shared ones for a node without a style (`LayoutTree.plain`,
        /// `chromed`, `spacer`), else its own.
        var box: Int32
        /// The text it measures in `strings`, or -1: a text's text, a
        /// fallback's text, an error's message (after "✖ "), an image's label,
        /// an input's shown value, a button's label ("" for a button with
        /// neither label nor children; -1 for one with children and no label).
        var text: Int32
    }

    /// The boxes of nodes without a style: most nodes, any kind but the
    /// two below; buttons, images and inputs (chrome on each side); spacers
    /// (flexible with weight 1).
    static let plain: Int32 = 0, chromed: Int32 = 1, spacer: Int32 = 2

    /// The bits of `Node.flexible`.
    static let flexibleInRow: UInt8 = 1, flexibleInColumn: UInt8 = 2

    /// The bits of `Node.reading`: its role is one a reader visits as a
    /// whole (`Role.isElement`); its style says `direction: rtl`, or `ltr`.
    static let readsAsElement: UInt8 = 1, readsRTL: UInt8 = 2, readsLTR: UInt8 = 4

    /// The number of nodes.
    let count: Int
    /// The tree's arrays, in memory it owns (a layout reads them without
    /// reference counting).
    let pointers: Pointers
    private let stringCount: Int

    /// The tree of the view node at `view`; `chrome` is the usable chrome
    /// of buttons, images and inputs (`AxisConstraint.amount(options.chrome)`).
    /// The tree of the view at `view`; `images` gives the reported sizes of
    /// its pictures (nil or empty: none known).
    init(_ view: UnsafePointer<ViewNode>, chrome: Double, images: ImageSizes? = nil) {
        var builder = Builder(chrome: chrome, images: images?.isEmpty == false ? images : nil)
        builder.nodes.reserveCapacity(16)
        builder.add(view)
        count = builder.nodes.count
        stringCount = builder.strings.count
        pointers = Pointers(nodes: LayoutTree.copy(builder.nodes)!, boxes: LayoutTree.copy(builder.boxes)!,
                            strings: LayoutTree.copy(builder.strings), utf8: LayoutTree.copy(builder.utf8),
                            offsets: LayoutTree.copy(builder.offsets)!, printable: LayoutTree.copy(builder.printable),
                            lineCells: LayoutTree.copy(builder.lineCells))
    }

    deinit {
        pointers.nodes.deallocate()
        pointers.boxes.deallocate()
        if let strings = pointers.strings {
            UnsafeMutablePointer(mutating: strings).deinitialize(count: stringCount)
            strings.deallocate()
        }
        pointers.utf8?.deallocate()
        pointers.offsets.deallocate()
        pointers.printable?.deallocate()
        pointers.lineCells?.deallocate()
    }

    /// `array` copied into new memory; nil when it is empty.
    private static func copy<T>(_ array: [T]) -> UnsafePointer<T>? {
        guard !array.isEmpty else { return nil }
        let memory = UnsafeMutablePointer<T>.allocate(capacity: array.count)
        array.withUnsafeBufferPointer { memory.initialize(from: $0.baseAddress!, count: $0.count) }
        return UnsafePointer(memory)
    }

    /// The arrays, filled depth first.
    private struct Builder {
        let chrome: Double
        let images: ImageSizes?
        var nodes: [Node] = []
        var boxes: [LayoutBox]
        var strings: [String] = []
        var utf8: [UInt8] = []
        var offsets: [Int32] = [0]
        var printable: [Bool] = []
        var lineCells: [Int32] = []

        init(chrome: Double, images: ImageSizes?) {
            self.chrome = chrome
            self.images = images
            boxes = [LayoutBox(.vstack, style: nil, chrome: chrome), LayoutBox(.button, style: nil, chrome: chrome),
                     LayoutBox(.spacer, style: nil, chrome: chrome)]
        }

        mutating func add(_ view: UnsafePointer<ViewNode>, parent: Int32 = -1) {
            let index = nodes.count
            let kind = view.pointee.kind
            let children = view.pointee.children.count
            let shared = kind == .spacer ? LayoutTree.spacer
                : LayoutBox.hasChrome(kind) ? LayoutTree.chromed : LayoutTree.plain
            nodes.append(Node(kind: kind, parent: parent, end: 0, children: Int32(children), box: shared, text: -1))
            if Accessibility.role(of: view.pointee)?.isElement == true { nodes[index].reading |= LayoutTree.readsAsElement }
            if let box = view.pointee.styleBox {
                switch box.style.direction {
                case .rtl?: nodes[index].reading |= LayoutTree.readsRTL
                case .ltr?: nodes[index].reading |= LayoutTree.readsLTR
                case nil: break
                }
                let font = box.style.font.map { add($0) } ?? -1
                nodes[index].box = Int32(boxes.count)
                boxes.append(LayoutBox(kind, style: box.style, chrome: chrome, font: font))
            }
            if kind == .image, let images, let url = LayoutTree.prop(view, "url"), let size = images.size(of: url) {
                if view.pointee.styleBox == nil { // its own box, not the shared one
                    nodes[index].box = Int32(boxes.count)
                    boxes.append(LayoutBox(kind, style: nil, chrome: chrome))
                }
                boxes[Int(nodes[index].box)].picture(size)
            }
            if let text = LayoutTree.text(of: view) { nodes[index].text = add(text) }
            LayoutTree.forEachChild(of: view) { add($0, parent: Int32(index)) }
            nodes[index].end = Int32(nodes.count)
            var child = index + 1
            while child < nodes.count {
                let box = boxes[Int(nodes[child].box)]
                if box.flexWidth > 0 { nodes[index].flexible |= LayoutTree.flexibleInRow }
                if box.flexHeight > 0 { nodes[index].flexible |= LayoutTree.flexibleInColumn }
                child = Int(nodes[child].end)
            }
        }

        /// Adds a string; returns its index.
        mutating func add(_ string: String) -> Int32 {
            strings.append(string)
            var string = string
            string.withUTF8 { bytes in
                utf8.append(contentsOf: bytes)
                let ascii = Monospace.isPrintableASCII(bytes)
                printable.append(ascii)
                // Its width on one line, if the monospace measurer would put it on one line.
                var cells: Int32 = -1
                if ascii || !bytes.contains(UInt8(ascii: "\n")),
                   let size = Monospace.measureFast(bytes, maxWidth: nil, printableASCII: ascii)
                {
                    cells = Int32(size.width)
                }
                lineCells.append(cells)
            }
            offsets.append(Int32(utf8.count))
            return Int32(strings.count - 1)
        }
    }

    /// Calls `body` with the address of each child of the view node at `node`, in order.
    @inline(__always)
    static func forEachChild(of node: UnsafePointer<ViewNode>, _ body: (UnsafePointer<ViewNode>) -> Void) {
        node.pointee.children.withUnsafeBufferPointer { children in
            guard let first = children.baseAddress else { return }
            for i in 0..<children.count { body(first + i) }
        }
    }

    /// The text the node at `view` measures (see `Node.text`).
    static func text(of view: UnsafePointer<ViewNode>) -> String? {
        switch view.pointee.kind {
        case .text:
            return prop(view, "text") ?? ""
        case .fallback:
            return prop(view, "text") ?? "Unsupported component \"\(prop(view, "componentType") ?? "")\""
        case .error:
            return "✖ " + (prop(view, "message") ?? "")
        case .image:
            return prop(view, "alt") ?? prop(view, "placeholder") ?? "image"
        case .input:
            if prop(view, "kind") != nil || prop(view, "format") != nil {
                return InputContent(view.pointee.props).measuredText // a toggle, choices, a password…
            }
            return prop(view, "value") ?? prop(view, "placeholder") ?? ""
        case .button:
            if let label = prop(view, "label") { return label }
            return view.pointee.children.isEmpty ? "" : nil
        case .paragraph:
            return TextRun.plainText(prop(view, "runs") ?? "")
        case .pager: // the page shown, as a number (see LayoutFlow's pager)
            return String(ViewNode.pagerPage(prop(view, "page"), count: view.pointee.children.count))
        default: // stacks, spacers and any kind that measures no text of its own
            return nil
        }
    }

    /// The content member `name` of the node at `view` (read in place).
    private static func prop(_ view: UnsafePointer<ViewNode>, _ name: String) -> String? {
        view.pointee.props[name]
    }

    /// The tree's arrays (nil for an empty one): node `i`'s box is
    /// `boxes[nodes[i].box]`; string `i` is
    /// `strings[i]` for a host's measurer, and its UTF-8 bytes
    /// `utf8[offsets[i]..<offsets[i + 1]]` for the monospace one, which
    /// `printable[i]` says are all printable ASCII. `lineCells[i]` is the
    /// width in cells of the string laid on one line, for a string with no
    /// "\n" that `Monospace.measureFast` takes (-1 for any other): the
    /// monospace measurer gives it that width and one line at any width at
    /// least that wide, where its words all fit, so only narrower widths
    /// need its bytes.
    struct Pointers {
        let nodes: UnsafePointer<Node>
        let boxes: UnsafePointer<LayoutBox>
        let strings: UnsafePointer<String>?
        let utf8: UnsafePointer<UInt8>?
        let offsets: UnsafePointer<Int32>
        let printable: UnsafePointer<Bool>?
        let lineCells: UnsafePointer<Int32>?

        /// The UTF-8 bytes of string `i`.
        func bytes(_ i: Int32) -> UnsafeBufferPointer<UInt8> {
            let start = Int(offsets[Int(i)])
            return UnsafeBufferPointer(start: utf8.map { $0 + start }, count: Int(offsets[Int(i) + 1]) - start)
        }
    }
}
