/// How a view node looks and sizes itself.
///
/// Every field is optional: unset means "the renderer's default". The JSON
/// form is an object with the fields below; a bare string is shorthand for
/// `{"font": string}` (`"style": "title"`). Unknown fields are rejected so a
/// typo in a script surfaces at once instead of being ignored.
public struct Style: Sendable, Equatable {
    /// A size along one axis: a fixed number of points, or as much as the parent gives.
    public enum Dimension: Sendable, Equatable {
        case points(Double)
        case fill
    }

    /// Padding on each edge.
    public struct Insets: Sendable, Equatable {
        public var top, leading, bottom, trailing: Double

        public init(top: Double, leading: Double, bottom: Double, trailing: Double) {
            self.top = top
            self.leading = leading
            self.bottom = bottom
            self.trailing = trailing
        }

        public init(all: Double) {
            self.init(top: all, leading: all, bottom: all, trailing: all)
        }
    }

    /// Cross-axis placement of children (or of content in a zstack).
    public enum Alignment: String, Sendable, CaseIterable {
        case leading, center, trailing, top, bottom
    }

    /// Main-axis placement of a stack's children.
    public enum Distribution: String, Sendable, CaseIterable {
        case start, center, end, spaceBetween, spaceAround, fill
    }

    /// Where a text's lines sit across its frame.
    public enum TextAlignment: String, Sendable, CaseIterable {
        case leading, center, trailing
    }

    /// Which way a node's rows run.
    public enum Direction: String, Sendable, CaseIterable {
        /// Left to right.
        case ltr
        /// Right to left: children from the right edge, mirrored; the nodes
        /// inside follow, unless they say otherwise.
        case rtl
    }

    /// How a background image fills its node.
    public enum BackgroundFit: String, Sendable, CaseIterable {
        /// The whole node, proportions kept (cropped).
        case cover
        /// Tiles at the picture's own size.
        case `repeat`
        /// Stretched to the node.
        case fill
    }

    /// How an image's picture fills its box.
    public enum Fit: String, Sendable, CaseIterable {
        /// All of the picture, as large as fits, its proportions kept (letterboxed).
        case contain
        /// The whole box, its proportions kept (the picture is cropped).
        case cover
        /// The whole box, the picture stretched to it.
        case fill
    }

    /// Named text style: "title", "headline", "body", "caption"… (host-defined).
    public var font: String?
    /// Font weight: "regular", "medium", "bold"… (host-defined).
    public var fontWeight: String?
    /// Foreground colour: a name ("accent"), "#rrggbb" (or #rgb, #rgba,
    /// #rrggbbaa) or a theme token ("@accent"); `StyleStrings` checks it.
    public var color: String?
    /// Background colour, same notation as `color`.
    public var background: String?
    public var padding: Insets?
    /// Space between a stack's children.
    public var spacing: Double?
    public var alignment: Alignment?
    public var distribution: Distribution?
    public var width: Dimension?
    public var height: Dimension?
    public var minWidth: Double?
    public var maxWidth: Double?
    public var minHeight: Double?
    public var maxHeight: Double?
    /// Share of the leftover main-axis space a flexible child takes (like flex-grow).
    public var weight: Double?
    public var cornerRadius: Double?
    /// 0 (invisible) to 1 (opaque).
    public var opacity: Double?
    /// Most lines a text may take; 0 means no limit.
    public var lineLimit: Int?
    /// An image's width over its height: with one side known (fixed, "fill"
    /// or proposed), the layout works out the other. Unset, an image takes the
    /// ratio of its picture once the host reports its size (`Engine.setImageSize`).
    public var aspectRatio: Double?
    /// How an image's picture fills its box (the renderer's concern; the layout sizes the box).
    public var fit: Fit?
    /// Where a text's lines sit across its frame (the renderer's concern;
    /// give the text `width: "fill"` for the frame to span its parent).
    public var textAlignment: TextAlignment?
    /// A line around the node, inside its frame: its width (it insets the
    /// content on each side, as padding does) and its colour.
    public var borderWidth: Double?
    public var borderColor: String?
    /// A picture behind the node's content (a URL), and how it fills the node.
    public var backgroundImage: String?
    public var backgroundFit: BackgroundFit?
    /// Which way the node's rows run, for it and the nodes inside (unless they say).
    public var direction: Direction?
    /// A container's frame reaches through its parent's padding to the
    /// parent's edge (inside its border) on each side where it meets the
    /// parent's content box; its children stay where they were
    /// (`LayoutEngine`, "Bleed"). Leaves and buttons ignore it.
    public var bleed: Bool?

    public init() {}

    /// True when no field is set.
    public var isEmpty: Bool {
        // Field by field: comparing with `Style()` would build and compare a whole style.
        font == nil && fontWeight == nil && color == nil && background == nil && padding == nil
            && spacing == nil && alignment == nil && distribution == nil && width == nil && height == nil
            && minWidth == nil && maxWidth == nil && minHeight == nil && maxHeight == nil && weight == nil
            && cornerRadius == nil && opacity == nil && lineLimit == nil && aspectRatio == nil && fit == nil
            && textAlignment == nil && borderWidth == nil && borderColor == nil && backgroundImage == nil
            && backgroundFit == nil && direction == nil && bleed == nil
    }

    /// The fields the decoder accepts: the view contract's (`ViewContract.styleFields`).
    static let fieldNames: Set<String> = Set(ViewContract.styleFields.map(\.name))

    /// Decodes a style object (or the font shorthand string) found at `path`.
    public init(json: JSON, at path: JSONPath) throws(ContractError) {
        self.init()
        if case .string(let font) = json {
            try StyleStrings.checkName(font, at: path)
            self.font = font
            return
        }
        let o = try Decode.object(json, at: path, "a style")
        try Decode.onlyKeys(o, Style.fieldNames, at: path, "a style")
        for (key, value) in o {
            let at = path.appending(key)
            switch key {
            case "font": font = try StyleStrings.name(value, at: at, required: true)
            case "fontWeight": fontWeight = try StyleStrings.name(value, at: at, required: true)
            case "color": color = try StyleStrings.color(value, at: at, required: true)
            case "background": background = try StyleStrings.color(value, at: at, required: true)
            case "padding": padding = try Style.insets(value, at: at)
            case "spacing": spacing = try Style.nonNegative(value, at: at)
            case "alignment": alignment = try Style.enumValue(value, at: at)
            case "distribution": distribution = try Style.enumValue(value, at: at)
            case "width": width = try Style.dimension(value, at: at)
            case "height": height = try Style.dimension(value, at: at)
            case "minWidth": minWidth = try Style.nonNegative(value, at: at)
            case "maxWidth": maxWidth = try Style.nonNegative(value, at: at)
            case "minHeight": minHeight = try Style.nonNegative(value, at: at)
            case "maxHeight": maxHeight = try Style.nonNegative(value, at: at)
            case "weight": weight = try Style.nonNegative(value, at: at)
            case "cornerRadius": cornerRadius = try Style.nonNegative(value, at: at)
            case "opacity":
                let v = try Decode.number(value, at: at)
                guard v >= 0, v <= 1 else { throw ContractError(at, "opacity must be between 0 and 1") }
                opacity = v
            case "lineLimit":
                guard let n = value.intValue, n >= 0, n <= Int64(Int32.max) else {
                    throw ContractError(at, "lineLimit must be a non-negative integer")
                }
                lineLimit = Int(n)
            case "aspectRatio":
                let v = try Decode.number(value, at: at)
                guard v > 0, v.isFinite else { throw ContractError(at, "aspectRatio must be a number above 0") }
                aspectRatio = v
            case "fit": fit = try Style.enumValue(value, at: at)
            case "textAlignment": textAlignment = try Style.enumValue(value, at: at)
            case "borderWidth": borderWidth = try Style.nonNegative(value, at: at)
            case "borderColor": borderColor = try StyleStrings.color(value, at: at, required: true)
            case "backgroundImage": backgroundImage = try StyleStrings.name(value, at: at, required: true)
            case "backgroundFit": backgroundFit = try Style.enumValue(value, at: at)
            case "direction": direction = try Style.enumValue(value, at: at)
            case "bleed":
                guard case .bool(let b) = value else { throw ContractError(at, "expected true or false, got \(value.typeName)") }
                bleed = b
            default: break
            }
        }
    }

    /// The canonical JSON object, fields in declaration order, unset ones left out.
    public var json: JSON {
        var o = JSONObject()
        func put(_ key: String, _ value: JSON?) {
            if let value { o[key] = value }
        }
        put("font", font.map(JSON.string))
        put("fontWeight", fontWeight.map(JSON.string))
        put("color", color.map(JSON.string))
        put("background", background.map(JSON.string))
        if let p = padding {
            if p.top == p.leading, p.top == p.bottom, p.top == p.trailing {
                o["padding"] = .double(p.top)
            } else {
                o["padding"] = [
                    "top": .double(p.top), "leading": .double(p.leading),
                    "bottom": .double(p.bottom), "trailing": .double(p.trailing),
                ]
            }
        }
        put("spacing", spacing.map(JSON.double))
        put("alignment", alignment.map { .string($0.rawValue) })
        put("distribution", distribution.map { .string($0.rawValue) })
        put("width", width.map(Style.dimensionJSON))
        put("height", height.map(Style.dimensionJSON))
        put("minWidth", minWidth.map(JSON.double))
        put("maxWidth", maxWidth.map(JSON.double))
        put("minHeight", minHeight.map(JSON.double))
        put("maxHeight", maxHeight.map(JSON.double))
        put("weight", weight.map(JSON.double))
        put("cornerRadius", cornerRadius.map(JSON.double))
        put("opacity", opacity.map(JSON.double))
        put("lineLimit", lineLimit.map { .int(Int64($0)) })
        put("aspectRatio", aspectRatio.map(JSON.double))
        put("fit", fit.map { .string($0.rawValue) })
        put("textAlignment", textAlignment.map { .string($0.rawValue) })
        put("borderWidth", borderWidth.map(JSON.double))
        put("borderColor", borderColor.map(JSON.string))
        put("backgroundImage", backgroundImage.map(JSON.string))
        put("backgroundFit", backgroundFit.map { .string($0.rawValue) })
        put("direction", direction.map { .string($0.rawValue) })
        put("bleed", bleed.map(JSON.bool))
        return .object(o)
    }

    private static func nonNegative(_ value: JSON, at path: JSONPath) throws(ContractError) -> Double {
        let v = try Decode.number(value, at: path)
        guard v >= 0, v.isFinite else { throw ContractError(path, "must be a non-negative number") }
        return v
    }

    private static func dimension(_ value: JSON, at path: JSONPath) throws(ContractError) -> Dimension {
        if value == .string("fill") { return .fill }
        guard value.doubleValue != nil else {
            throw ContractError(path, "expected a number or \"fill\", got \(value.typeName)")
        }
        return .points(try nonNegative(value, at: path))
    }

    private static func dimensionJSON(_ d: Dimension) -> JSON {
        switch d {
        case .fill: return .string("fill")
        case .points(let p): return .double(p)
        }
    }

    private static func insets(_ value: JSON, at path: JSONPath) throws(ContractError) -> Insets {
        if value.doubleValue != nil { return Insets(all: try nonNegative(value, at: path)) }
        let o = try Decode.object(value, at: path, "padding (a number or an object)")
        try Decode.onlyKeys(o, ViewContract.paddingEdges, at: path, "padding")
        func edge(_ k: String) throws(ContractError) -> Double {
            guard let v = o[k] else { return 0 }
            return try nonNegative(v, at: path.appending(k))
        }
        return Insets(top: try edge("top"), leading: try edge("leading"), bottom: try edge("bottom"),
                      trailing: try edge("trailing"))
    }

    private static func enumValue<E: RawRepresentable & CaseIterable>(_ value: JSON, at path: JSONPath)
        throws(ContractError) -> E where E.RawValue == String
    {
        guard case .string(let s) = value, let e = E(rawValue: s) else {
            let names = E.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
            throw ContractError(path, "expected one of \(names)")
        }
        return e
    }
}
