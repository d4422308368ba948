import Testing
@testable import SDUICore

/// Random view trees whose shape a factory bends with what it read (`x`):
/// child counts, order (keyed nodes move, unkeyed ones take new ids),
/// kinds, texts, images and actions.
enum RandomTrees {
    static func tree(seed: UInt64, x: Int) -> ViewNode {
        var r = SeededRNG(seed: seed)
        var used = Set<String>()
        return node(&r, depth: 0, x: x, used: &used)
    }

    static func node(_ r: inout SeededRNG, depth: Int, x: Int, used: inout Set<String>) -> ViewNode {
        let roll = r.below(10)
        let bend = r.below(5) // how this node reacts to x
        if depth >= 3 || roll < 3 {
            switch r.below(5) {
            case 0:
                return .text("t\(r.below(4))" + (bend == 0 ? "-\(x)" : ""))
            case 1:
                let url = bend == 0 ? "img-x\(x % 3).png" : "img\(r.below(6)).png"
                return ViewNode(.image, props: ["url": url, "alt": "a\(r.below(2))"])
            case 2:
                var style = Style()
                if bend == 1 { style.spacing = Double(x % 2) }
                return ViewNode(.spacer, style: style)
            case 3:
                return ViewNode(.input, props: ["name": "f\(r.below(3))", "value": bend == 0 ? "\(x)" : "v"],
                                action: Action(type: "s1/set", payload: ["key": .string("k\(r.below(5))")]))
            default:
                // A kind change at a leaf.
                return x % 2 == 1 && bend < 3 ? ViewNode(.spacer) : .text("leaf")
            }
        }
        let kinds: [ViewNode.Kind] = [.vstack, .hstack, .zstack, .list, .button]
        var kind = r.pick(kinds)
        if bend == 1 && x % 2 == 1 { kind = kind == .vstack ? .hstack : .vstack }
        var count = r.below(4)
        if bend == 2 || bend == 4 { count += x % 4 }
        let base = r.next()
        var children: [ViewNode] = []
        for j in 0..<count {
            var cr = SeededRNG(seed: base &+ UInt64(j) &* 0x9E37_79B9)
            var child = node(&cr, depth: depth + 1, x: x, used: &used)
            if cr.percent(40) {
                let key = "k\(cr.below(14))"
                if used.insert(key).inserted { child.key = key }
            }
            children.append(child)
        }
        if bend == 3 && x % 2 == 1 { children.reverse() }
        if bend == 4 && x % 3 == 2 && children.count > 1 { children.append(children.removeFirst()) }
        var style = Style()
        if r.percent(30) { style.padding = .init(all: Double(bend == 0 ? x % 3 : 1)) }
        var result = ViewNode(kind, style: style, children: children)
        if kind == .button {
            result.props["label"] = bend == 0 ? "L\(x)" : "L"
            result.action = Action(type: "s1/set", payload: ["key": .string("k\(r.below(5))"), "value": .int(Int64(bend == 1 ? x : 0))])
        }
        return result
    }

    static func mix(_ values: UInt64...) -> UInt64 {
        var r = SeededRNG(seed: values.reduce(0x1234_5678) { ($0 &* 0x100_0000_01B3) ^ $1 })
        _ = r.next()
        return r.next()
    }
}

/// One random scenario: an engine, its factories and services, and a page
/// that random operations keep changing.
final class Scenario {
    let engine = Engine()
    var r: SeededRNG
    var versions: [String: Int] = [:]
    var nextId = 0
    static let registrable = ["A", "B", "C", "D", "E"]

    init(seed: UInt64) throws {
        r = SeededRNG(seed: seed)
        try engine.register(service: "s1", state: randomS1())
        try engine.register(service: "s2", state: ["list": .array((0..<r.below(4)).map { .int(Int64($0)) })])
        try engine.store.register(action: "s1/set") { ctx in
            let key = ctx.payload["key"]!.stringValue!
            let value = ctx.payload["value"]
            try ctx.set(value == nil || value == .null ? nil : value, at: JSONPath([.key(key)]))
        }
        try engine.store.register(action: "s1/replace") { ctx in ctx.state = ctx.payload }
        try engine.store.register(action: "s1/fail") { ctx in
            try ctx.set(99, at: JSONPath([.key("k0")]))
            ctx.dispatch(Action(type: "s2/set", payload: ["n": 9]))
            ctx.dispatch(Action(type: "s1/boom"))
        }
        try engine.store.register(action: "s1/boom") { _ in throw CallbackError("boom") }
        try engine.store.register(action: "s2/set") { ctx in
            let n = Int(ctx.payload["n"]!.intValue!)
            try ctx.set(.array((0..<n).map { .int(Int64($0)) }), at: JSONPath([.key("list")]))
        }
        for type in ["A", "B", "C", "D"] { try registerFactory(type) }
        engine.loadPage(randomPage())
    }

    func randomS1() -> JSON {
        var o = JSONObject()
        for k in 0..<5 where r.percent(70) { o["k\(k)"] = .int(Int64(r.below(4))) }
        return .object(o)
    }

    func registerFactory(_ type: String) throws {
        let version = versions[type, default: 0] + 1
        versions[type] = version
        let typeSeed = UInt64(Self.registrable.firstIndex(of: type)! + 1)
        try engine.register(component: type) { data, ctx in
            let seed = RandomTrees.mix(typeSeed, UInt64(version), UInt64(data["seed"]?.intValue ?? 0))
            var x = 0
            switch type {
            case "A":
                let key = data["key"]?.stringValue ?? "k0"
                x = Int(ctx.state("s1", at: JSONPath([.key(key)]))?.intValue ?? -1) + 1
                if x == 3, data["fail"] == true { throw CallbackError("A cannot show 2") }
            case "B":
                let count = ctx.state("s2", at: JSONPath([.key("list")]))?.arrayValue?.count ?? 0
                let flag = ctx.state("s3", at: JSONPath([.key("flag")]))?.intValue ?? 0
                x = count * 2 + Int(flag % 2)
            case "C":
                let s1 = ctx.state("s1")?.objectValue
                x = (s1?.count ?? 0) + Int(s1?.values.compactMap(\.intValue).reduce(0, +) ?? 0)
            case "D":
                if data["fail"] == true, version % 2 == 0 { throw CallbackError("D v\(version) fails") }
            default:
                x = Int(ctx.state("s3")?["flag"]?.intValue ?? 5)
            }
            return RandomTrees.tree(seed: seed, x: x)
        }
    }

    func randomComponent(id: String? = nil) -> Component {
        let id = id ?? { nextId += 1; return "c\(nextId)" }()
        let type = r.pick(["A", "A", "B", "C", "D", "E", "U"])
        let data: JSON = ["seed": .int(Int64(r.below(1000))), "key": .string("k\(r.below(6))"), "fail": .bool(r.percent(15))]
        var fallback: Component.Fallback?
        if r.percent(35) {
            if r.percent(35) {
                fallback = .drop
            } else {
                let inner: Component.Fallback? = r.percent(30) ? (r.percent(50) ? .drop : .component(Component(id: id, type: "A", data: data))) : nil
                fallback = .component(Component(id: id, type: r.pick(["A", "B", "C", "D", "E", "U", "W"]),
                                                data: ["seed": .int(Int64(r.below(1000))), "key": "k1"], fallback: inner))
            }
        }
        return Component(id: id, type: type, data: data, fallback: fallback)
    }

    func randomPage() -> Page {
        Page(id: "p", version: Version(1, form: .integer), components: (0..<r.within(5...40)).map { _ in randomComponent() })
    }
}

/// The model of a server patch, written independently of ServerPatch.apply.
func modelApply(_ patch: ServerPatch, to components: [Component]) -> (components: [Component]?, skipped: Int) {
    var list = components
    var skipped = 0
    for change in patch.changes {
        var next: [Component] = []
        var found = false
        for c in list {
            if c.id == change.id, !found {
                found = true
                next += change.components
            } else {
                next.append(c)
            }
        }
        let unique = Set(next.map(\.id)).count == next.count
        if found && unique {
            list = next
        } else if patch.mode == .transactional {
            return (nil, 0)
        } else {
            skipped += 1
        }
    }
    return (list, skipped)
}

@Suite("Patch properties")
struct PatchPropertyTests {
    /// The whole page rendered from scratch: what the incremental screen must equal.
    static func fresh(_ engine: Engine) -> (Screen, [String: ComponentRender]) {
        let renderer = Renderer(registry: engine.registry, store: engine.store)
        guard let page = engine.page else { return (Screen(), [:]) }
        var diagnostics: [Diagnostic] = []
        let screen = renderer.render(page, diagnostics: &diagnostics)
        var renders: [String: ComponentRender] = [:]
        for c in page.components { renders[c.id] = renderer.render(c) }
        return (screen, renders)
    }

    @Test(arguments: 0..<200)
    func hostScreenFollowsTheEngineThroughRandomOperations(seed: Int) throws {
        let s = try Scenario(seed: UInt64(seed) &* 7919 &+ 17)
        let engine = s.engine
        var host = engine.render()
        var hostImages = Set(engine.images)
        #expect(host == Self.fresh(engine).0)
        #expect(hostImages == imageURLs(in: host))
        #expect(engine.counters.componentRenders == engine.page!.components.count)

        // Whether the engine brought its screen up to date after the previous step.
        var refreshed = true
        let steps = s.r.within(8...16)
        for step in 0..<steps {
            let (_, before) = Self.fresh(engine)
            let oldPage = engine.page!
            let rendersBefore = engine.counters.componentRenders
            var expectedRenders: Int? = nil
            var what = ""
            let op = s.r.below(11)
            switch op {
            case 0, 1:
                let key = "k\(s.r.below(6))"
                let value: JSON = s.r.percent(25) ? .null : .int(Int64(s.r.below(4)))
                what = "s1/set \(key)=\(value)"
                let old = engine.store.services
                try engine.dispatch(Action(type: "s1/set", payload: ["key": .string(key), "value": value]))
                expectedRenders = Self.staleReaders(before, old: old, new: engine.store.services)
            case 2:
                let n = s.r.below(6)
                what = "s2/set n=\(n)"
                let old = engine.store.services
                try engine.dispatch(Action(type: "s2/set", payload: ["n": .int(Int64(n))]))
                expectedRenders = Self.staleReaders(before, old: old, new: engine.store.services)
            case 3:
                what = "s1/fail"
                let old = engine.store.services
                let error = engineError { () throws(EngineError) in try engine.dispatch(Action(type: "s1/fail")) }
                #expect(error?.code == .callback)
                #expect(engine.store.services == old)
                expectedRenders = 0
            case 4, 5:
                var page = oldPage
                what = Self.mutate(&page, s)
                if s.r.percent(30) {
                    try loadBytes(engine, JSONWriter.bytes(page.json))
                } else {
                    engine.loadPage(page)
                }
                #expect(engine.page == page)
                expectedRenders = Self.changedComponents(from: oldPage, to: page)
            case 6:
                let patch = Self.randomPatch(oldPage, s)
                what = "server patch \(patch.mode) \(patch.changes.map { "\($0.id)->\($0.components.map(\.id))" })"
                let (model, skipped) = modelApply(patch, to: oldPage.components)
                let error: EngineError?
                if s.r.percent(40) {
                    let payload: JSON = ["patch": ["mode": .string(patch.mode.rawValue),
                                                   "changes": .array(patch.changes.map { ["id": .string($0.id), "components": .array($0.components.map(\.json))] })]]
                    error = engineError { () throws(EngineError) in try loadBytes(engine, JSONWriter.bytes(payload)) }
                } else {
                    error = engineError { () throws(EngineError) in try engine.apply(patch) }
                }
                if let model {
                    #expect(error == nil, "\(what)")
                    #expect(engine.page?.components == model, "\(what)")
                    #expect(engine.page?.id == "p")
                    if skipped > 0 {
                        #expect(engine.diagnostics.suffix(skipped).map(\.code) == Array(repeating: "patch-skipped", count: skipped))
                    }
                    expectedRenders = Self.changedComponents(from: oldPage, to: Page(id: "p", version: oldPage.version, components: model))
                } else {
                    #expect(error != nil, "\(what)")
                    #expect(error?.code == .notFound || error?.code == .contract)
                    #expect(engine.page == oldPage)
                    expectedRenders = 0
                }
            case 7:
                let type = s.r.pick(Scenario.registrable)
                if engine.registry.factory(for: type) != nil && s.r.percent(25) {
                    what = "unregister \(type)"
                    try engine.unregister(component: type)
                } else {
                    what = "register \(type)"
                    try s.registerFactory(type)
                }
                expectedRenders = before.values.filter { $0.types.contains(type) }.count
            case 8:
                let old = engine.store.services
                if s.r.percent(50) {
                    let flag = JSON.int(Int64(s.r.below(3)))
                    what = "register s3 flag=\(flag)"
                    try engine.register(service: "s3", state: s.r.percent(20) ? .array([]) : ["flag": flag])
                } else {
                    let state = s.randomS1()
                    what = "register s1 \(state)"
                    try engine.register(service: "s1", state: state)
                }
                expectedRenders = Self.staleReaders(before, old: old, new: engine.store.services)
            case 9:
                what = "render"
                host = engine.render()
                expectedRenders = 0
                #expect(host == Self.fresh(engine).0)
                hostImages = Set(engine.images)
            default:
                let state = s.randomS1()
                what = "s1/replace \(state)"
                let old = engine.store.services
                try engine.dispatch(Action(type: "s1/replace", payload: state))
                expectedRenders = Self.staleReaders(before, old: old, new: engine.store.services)
            }
            let context = Comment(rawValue: "seed \(seed) step \(step): \(what)")
            if !refreshed { expectedRenders = nil }

            // The host takes the patches after most steps; otherwise it only
            // looks (currentScreen) or does nothing, and the changes pile up
            // until it takes them. The last step always takes them.
            let mode = step == steps - 1 ? 0 : s.r.below(100)
            if mode >= 85 {
                refreshed = false
                continue
            }
            refreshed = true
            if mode >= 55 {
                let current = engine.currentScreen()
                guard current == Self.fresh(engine).0 else {
                    Issue.record("the incremental screen differs from a fresh render: \(Self.difference(current, Self.fresh(engine).0)); \(context)")
                    break
                }
                if let expectedRenders {
                    #expect(engine.counters.componentRenders - rendersBefore == expectedRenders, context)
                }
                #expect(Set(engine.images) == imageURLs(in: current), context)
                continue
            }

            let set = engine.takePatches()
            if set.jsonBytes() != JSONWriter.bytes(set.json) {
                Issue.record("the patches' bytes differ from their JSON form; \(context)")
                break
            }
            do {
                host = try host.applying(set.patches)
            } catch {
                Issue.record("the patches do not apply to the host's screen: \(error); \(context)")
                break
            }
            let current = engine.currentScreen()
            // One concise issue per case: the first divergence, then stop.
            guard host == current else {
                Issue.record("the host's screen after the patches differs from the engine's: \(Self.difference(host, current)); \(set.patches.count) patches; \(context)")
                break
            }
            let oracle = Self.fresh(engine).0
            guard current == oracle else {
                Issue.record("the incremental screen differs from a fresh render: \(Self.difference(current, oracle)); \(context)")
                break
            }
            if let expectedRenders {
                #expect(engine.counters.componentRenders - rendersBefore == expectedRenders, context)
            }
            for patch in set.patches {
                if case .update(let id, _, let changes) = patch { #expect(!changes.isEmpty, "empty update of \(id); \(context)") }
            }
            // Images: the host's set follows the added and removed lists.
            #expect(Set(set.imagesAdded).isDisjoint(with: hostImages), context)
            #expect(Set(set.imagesRemoved).isSubset(of: hostImages), context)
            hostImages.subtract(set.imagesRemoved)
            hostImages.formUnion(set.imagesAdded)
            #expect(hostImages == Set(engine.images), context)
            #expect(Set(engine.images) == imageURLs(in: current), context)
            #expect(engine.takePatches().isEmpty, context)
        }
    }

    /// Where two screens differ, briefly.
    static func difference(_ a: Screen, _ b: Screen) -> String {
        if a.components.map(\.id) != b.components.map(\.id) {
            return "order \(a.components.map(\.id)) vs \(b.components.map(\.id))"
        }
        if a.pageId != b.pageId || a.version != b.version { return "page id/version" }
        let ids = zip(a.components, b.components).filter { $0 != $1 }.map(\.0.id)
        return "components \(ids)"
    }

    /// How many components read something that now looks different.
    static func staleReaders(_ renders: [String: ComponentRender], old: [String: JSON], new: [String: JSON]) -> Int {
        renders.values.filter { render in
            render.reads.contains { read in read.isStale(in: new[read.service]) }
        }.count
    }

    /// How many components of `new` are new or differ from the same id in `old`.
    static func changedComponents(from old: Page, to new: Page) -> Int {
        var byId: [String: Component] = [:]
        for c in old.components { byId[c.id] = c }
        return new.components.filter { byId[$0.id] != $0 }.count
    }

    static func mutate(_ page: inout Page, _ s: Scenario) -> String {
        var notes: [String] = []
        if s.r.percent(30), page.components.count > 1 {
            let k = s.r.within(1...min(3, page.components.count - 1))
            for _ in 0..<k { page.components.remove(at: s.r.below(page.components.count)) }
            notes.append("remove \(k)")
        }
        if s.r.percent(30) {
            let k = s.r.within(1...3)
            for _ in 0..<k { page.components.insert(s.randomComponent(), at: s.r.below(page.components.count + 1)) }
            notes.append("insert \(k)")
        }
        switch s.r.below(4) {
        case 0:
            page.components = s.r.shuffled(page.components)
            notes.append("shuffle")
        case 1:
            let c = page.components.remove(at: s.r.below(page.components.count))
            page.components.insert(c, at: s.r.below(page.components.count + 1))
            notes.append("move \(c.id)")
        default: break
        }
        if s.r.percent(40), !page.components.isEmpty {
            let i = s.r.below(page.components.count)
            let replacement = s.randomComponent(id: page.components[i].id)
            notes.append("change \(replacement.id)")
            page.components[i] = replacement
        }
        if s.r.percent(15) {
            page.version = [nil, Version(0, form: .integer), Version(1, form: .integer), Version(1, 1)][s.r.below(4)]
            notes.append("version")
        }
        return "page " + notes.joined(separator: ", ")
    }

    static func randomPatch(_ page: Page, _ s: Scenario) -> ServerPatch {
        var changes: [ServerPatch.Change] = []
        for _ in 0..<s.r.within(1...3) {
            let id = page.components.isEmpty || s.r.percent(12) ? "ghost\(s.r.below(3))" : s.r.pick(page.components).id
            var components: [Component] = []
            switch s.r.below(5) {
            case 0: break // removal
            case 1: components = [s.randomComponent(id: id)]
            case 2: components = [s.randomComponent(id: id), s.randomComponent()]
            case 3: components = [s.randomComponent(), s.randomComponent(), s.randomComponent(id: id)]
            default:
                // Often a duplicate of another component of the page.
                let other = page.components.isEmpty ? "c0" : s.r.pick(page.components).id
                components = [s.randomComponent(id: other)]
            }
            changes.append(ServerPatch.Change(id: id, components: components))
        }
        return ServerPatch(changes: changes, mode: s.r.percent(50) ? .transactional : .partial)
    }

    // MARK: Keyed list diffs

    /// Length of a longest strictly increasing subsequence, by the quadratic method.
    static func lisLength(_ values: [Int]) -> Int {
        var best = [Int](repeating: 1, count: values.count)
        for i in values.indices {
            for j in 0..<i where values[j] < values[i] { best[i] = max(best[i], best[j] + 1) }
        }
        return best.max() ?? 0
    }

    @Test(arguments: 0..<300)
    func keyedStepsTurnOneListIntoTheOtherWithFewestSteps(seed: Int) {
        var r = SeededRNG(seed: UInt64(seed) &+ 99)
        let old = (0..<r.below(30)).map { "i\($0)" }
        var new = old.filter { _ in !r.percent(20) }
        switch r.below(3) {
        case 0: new = r.shuffled(new)
        case 1:
            for _ in 0..<r.below(4) where !new.isEmpty {
                let x = new.remove(at: r.below(new.count))
                new.insert(x, at: r.below(new.count + 1))
            }
        default: break
        }
        for k in 0..<r.below(5) { new.insert("n\(k)", at: r.below(new.count + 1)) }

        let steps = Diff.keyedSteps(from: old, to: new)
        #expect(applySteps(steps, to: old) == new, "\(old) -> \(new): \(steps)")
        let kept = new.filter { old.contains($0) }
        let removed = old.count - kept.count
        let inserted = new.count - kept.count
        let stay = Self.lisLength(kept.map { old.firstIndex(of: $0)! })
        #expect(steps.count == removed + inserted + kept.count - stay, "\(old) -> \(new): \(steps)")
        #expect(steps.filter { if case .remove = $0 { true } else { false } }.count == removed)
        #expect(steps.filter { if case .insert = $0 { true } else { false } }.count == inserted)
    }

    @Test(arguments: [2, 3, 10, 50, 500])
    func aSingleMovedItemCostsOneStep(count: Int) {
        let old = (0..<count).map { "i\($0)" }
        var r = SeededRNG(seed: UInt64(count))
        for _ in 0..<40 {
            var new = old
            let from = r.below(count)
            var to = r.below(count)
            if to == from { to = (from + 1) % count }
            let x = new.remove(at: from)
            new.insert(x, at: to)
            let steps = Diff.keyedSteps(from: old, to: new)
            #expect(steps.count == 1, "\(from) -> \(to): \(steps)")
            if case .move? = steps.first {} else { Issue.record("not a move: \(steps)") }
            #expect(applySteps(steps, to: old) == new)
        }
        #expect(Diff.keyedSteps(from: old, to: old).isEmpty)
    }

    // MARK: Node diffs

    @Test(arguments: 0..<300)
    func nodeChangesTurnOneTreeIntoTheOther(seed: Int) throws {
        var r = SeededRNG(seed: UInt64(seed) &* 31 &+ 5)
        let treeSeed = r.next()
        let x1 = r.below(7), x2 = r.below(7)
        // Same seed, different reads (incremental changes); or two unrelated trees.
        var old = RandomTrees.tree(seed: treeSeed, x: x1)
        var new = r.percent(75) ? RandomTrees.tree(seed: treeSeed, x: x2) : RandomTrees.tree(seed: r.next(), x: x2)
        try old.assignIds(componentId: "c")
        try new.assignIds(componentId: "c")
        var changes: [NodeChange] = []
        Diff.nodeChanges(from: old, to: new, into: &changes)
        var applied = old
        for change in changes {
            try applied.apply(change)
        }
        #expect(applied == new, "seed \(seed): \(changes)")
        if old == new { #expect(changes.isEmpty) }
        var none: [NodeChange] = []
        Diff.nodeChanges(from: new, to: new, into: &none)
        #expect(none.isEmpty)
    }
}
