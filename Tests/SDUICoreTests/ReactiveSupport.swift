@testable import SDUICore

/// A tiny seeded generator (the SplitMix64 algorithm) so property tests replay exactly.
struct SeededRNG: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) {
        state = seed
    }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<n (n > 0), independent of the standard library's algorithm.
    mutating func below(_ n: Int) -> Int {
        Int(next() % UInt64(n))
    }

    /// A number in `range`.
    mutating func within(_ range: ClosedRange<Int>) -> Int {
        range.lowerBound + below(range.count)
    }

    /// True with probability `percent` / 100.
    mutating func percent(_ percent: Int) -> Bool {
        below(100) < percent
    }

    mutating func pick<T>(_ items: [T]) -> T {
        items[below(items.count)]
    }

    /// A Fisher–Yates shuffle driven by this generator.
    mutating func shuffled<T>(_ items: [T]) -> [T] {
        var a = items
        guard a.count > 1 else { return a }
        for i in stride(from: a.count - 1, to: 0, by: -1) {
            a.swapAt(i, below(i + 1))
        }
        return a
    }
}

/// Mutable storage a closure can capture (factories, handlers, subscribers
/// and performers are escaping closures).
final class Box<T> {
    var value: T
    init(_ value: T) { self.value = value }
}

/// The entertainment home page of the benchmarks, built in Swift with the
/// same shape as shared/bench/make_page.py: notifications, genre rails,
/// movie cards with a favourite star, banners and cart summaries.
enum BenchPage {
    static let genres = ["Drama", "Comedy", "Action", "Thriller", "Documentary", "Kids",
                         "Romance", "Sci-Fi", "Horror", "Sports"]
    static let words = ("matrix reloaded revolutions neo trinity morpheus oracle zion "
        + "agent smith keanu wick continental marquis sommelier high table "
        + "excommunicado dog pencil parabellum chapter").split(separator: " ").map(String.init)

    static func title(_ r: inout SeededRNG, _ n: Int) -> String {
        (0..<n).map { _ in
            let w = r.pick(words)
            return w.prefix(1).uppercased() + w.dropFirst()
        }.joined(separator: " ")
    }

    /// Movie id of component `i`: unique on the page.
    static func movieId(_ i: Int) -> Int64 { 100_000 + Int64(i) * 7 }

    static func component(_ r: inout SeededRNG, _ i: Int) -> Component {
        let roll = r.below(10) // weights 1, 2, 5, 1, 1
        let kind: String
        switch roll {
        case 0: kind = "NotificationComponent"
        case 1, 2: kind = "GenreListComponent"
        case 3...7: kind = "MovieCardComponent"
        case 8: kind = "BannerComponent"
        default: kind = "CartSummaryComponent"
        }
        let id = "\(kind.dropLast(9).lowercased())-\(i)"
        let data: JSON
        switch kind {
        case "NotificationComponent":
            data = ["header": .string(title(&r, 3)), "message": .string(title(&r, 12)), "actionText": "Dismiss",
                    "action": ["type": "notifications/dismiss", "payload": ["id": .string(id)]]]
        case "GenreListComponent":
            let chosen = Array(r.shuffled(genres).prefix(6))
            data = ["title": "Genres",
                    "genres": .array(chosen.map { g in
                        ["id": .string(g.lowercased()), "name": .string(g),
                         "action": ["type": "navigation/open", "payload": ["route": .string("/genre/\(g.lowercased())")]]]
                    })]
        case "MovieCardComponent":
            let mid = movieId(i)
            data = ["movieId": .int(mid), "title": .string(title(&r, 3)), "overview": .string(title(&r, 25)),
                    "rating": .double(Double(r.within(10...100)) / 10), "year": .int(Int64(r.within(1970...2026))),
                    "poster": .string("https://image.example.org/t/p/w342/\(mid).jpg"),
                    "favoriteAction": ["type": "favorites/toggle", "payload": ["movieId": .int(mid)]],
                    "orderAction": ["type": "order/add",
                                    "payload": ["movieId": .int(mid), "price": .int(Int64(r.within(199...1998)))]]]
        case "BannerComponent":
            data = ["image": .string("https://image.example.org/banner/\(i).jpg"), "title": .string(title(&r, 4)),
                    "subtitle": .string(title(&r, 8)),
                    "action": ["type": "navigation/open", "payload": ["route": .string("/promo/\(i)")]]]
        default:
            data = ["title": "Your order", "checkoutText": "Checkout",
                    "action": ["type": "order/checkout", "payload": [:]]]
        }
        return Component(id: id, type: kind, data: data)
    }

    static func make(_ n: Int, seed: UInt64 = 42) -> Page {
        var r = SeededRNG(seed: seed)
        return Page(id: "home", version: Version(1, form: .integer), components: (0..<n).map { component(&r, $0) })
    }

    static func text(_ s: String, font: String? = nil) -> ViewNode {
        var style = Style()
        style.font = font
        return ViewNode(.text, props: ["text": s], style: style)
    }

    static func button(_ label: String, _ action: JSON?) throws -> ViewNode {
        ViewNode(.button, props: ["label": label], action: try action.map { try Action(json: $0) })
    }

    /// The text a cart summary shows for an order state.
    static func cartLine(items: Int, total: Int64) -> String {
        "Your order: \(items) items, \(total)"
    }

    /// Factories like the Lua peer's, reading through the render context:
    /// a movie card reads favorites[movieId], a cart summary the whole order.
    static func registerFactories(on engine: Engine) throws {
        try engine.register(component: "NotificationComponent") { d, _ in
            ViewNode(.vstack, children: [text(d["header"]!.stringValue!, font: "headline"),
                                         text(d["message"]!.stringValue!),
                                         try button(d["actionText"]!.stringValue!, d["action"])])
        }
        try engine.register(component: "GenreListComponent") { d, _ in
            let row = try d["genres"]!.arrayValue!.map { g in try button(g["name"]!.stringValue!, g["action"]) }
            return ViewNode(.vstack, children: [text(d["title"]!.stringValue!, font: "title"),
                                                ViewNode(.hstack, children: row)])
        }
        try engine.register(component: "MovieCardComponent") { d, ctx in
            let mid = d["movieId"]!.intValue!
            let favorite = ctx.state("favorites", at: JSONPath([.key(String(mid))])) == .bool(true)
            var star = try button(favorite ? "★" : "☆", d["favoriteAction"])
            star.accessibility = Accessibility(label: favorite ? "Remove from favourites" : "Add to favourites")
            let rating = d["rating"]!.doubleValue!
            return ViewNode(.hstack, children: [
                ViewNode(.image, props: ["url": d["poster"]!.stringValue!]),
                ViewNode(.vstack, children: [
                    text(d["title"]!.stringValue!, font: "title"),
                    text(d["overview"]!.stringValue!),
                    text("\(rating) · \(d["year"]!.intValue!)"),
                    ViewNode(.hstack, children: [star,
                                                 try button("Add to order", d["orderAction"])]),
                ]),
            ])
        }
        try engine.register(component: "BannerComponent") { d, _ in
            ViewNode(.vstack, children: [ViewNode(.image, props: ["url": d["image"]!.stringValue!]),
                                         text(d["title"]!.stringValue!, font: "title"),
                                         text(d["subtitle"]!.stringValue!)])
        }
        try engine.register(component: "CartSummaryComponent") { d, ctx in
            let order = ctx.state("order")
            let items = order?["items"]?.arrayValue?.count ?? 0
            let total = order?["total"]?.intValue ?? 0
            return ViewNode(.hstack, children: [
                text(d["title"]!.stringValue! + ": \(items) items, \(total)"),
                try button(d["checkoutText"]!.stringValue!, d["action"]),
            ])
        }
    }

    /// Services favorites `{}` and order `{"items":[],"total":0}` with the
    /// peer's handlers, plus two that change nothing any factory shows.
    static func registerServices(on engine: Engine) throws {
        try engine.register(service: "favorites", state: [:])
        try engine.register(service: "order", state: ["items": [], "total": 0])
        try engine.store.register(action: "favorites/toggle") { ctx in
            let key = String(ctx.payload["movieId"]!.intValue!)
            try ctx.set(ctx.state[key] == nil ? .bool(true) : nil, at: JSONPath([.key(key)]))
        }
        try engine.store.register(action: "order/add") { ctx in
            let count = ctx.state["items"]!.arrayValue!.count
            try ctx.set(ctx.payload["movieId"]!, at: JSONPath([.key("items"), .index(count)]))
            try ctx.set(.int(ctx.state["total"]!.intValue! + ctx.payload["price"]!.intValue!),
                              at: JSONPath([.key("total")]))
        }
        // Writes a favorites key that no movie id can be.
        try engine.store.register(action: "favorites/touch") { ctx in
            let n = ctx.state["touched"]?.intValue ?? 0
            try ctx.set(.int(n + 1), at: JSONPath([.key("touched")]))
        }
        // Rewrites the order with an equal value.
        try engine.store.register(action: "order/rewrite") { ctx in
            ctx.state = ["total": ctx.state["total"]!, "items": ctx.state["items"]!]
        }
    }

    static func engine(_ n: Int, seed: UInt64 = 42) throws -> (Engine, Page) {
        let engine = Engine()
        try registerServices(on: engine)
        try registerFactories(on: engine)
        let page = make(n, seed: seed)
        engine.loadPage(page)
        return (engine, page)
    }
}

/// The image URLs in a screen, as the engine should count them.
func imageURLs(in screen: Screen) -> Set<String> {
    var urls = Set<String>()
    func walk(_ n: ViewNode) {
        if n.kind == .image, let url = n.props["url"] { urls.insert(url) }
        n.children.forEach(walk)
    }
    screen.components.forEach { walk($0.view) }
    return urls
}

/// Applies keyed list steps one after the other, as a host would.
func applySteps(_ steps: [Diff.Step], to list: [String]) -> [String]? {
    var current = list
    for step in steps {
        switch step {
        case .remove(let id):
            guard let i = current.firstIndex(of: id) else { return nil }
            current.remove(at: i)
        case .move(let id, let index):
            guard let i = current.firstIndex(of: id) else { return nil }
            current.remove(at: i)
            guard index <= current.count else { return nil }
            current.insert(id, at: index)
        case .insert(let id, let index):
            guard index <= current.count, !current.contains(id) else { return nil }
            current.insert(id, at: index)
        }
    }
    return current
}

/// Loads a page or a server patch from raw bytes, as the C facade does.
func loadBytes(_ engine: Engine, _ bytes: [UInt8]) throws(EngineError) {
    try bytes.withUnsafeBytes { raw in
        Result { () throws(EngineError) in try engine.loadPage(raw) }
    }.get()
}
