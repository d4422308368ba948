/// The image URLs on the screen, reference-counted per component render,
/// and how they changed since the host last received the screen.
///
/// Invariants: `counts[url]` is the number of rendered components whose view
/// shows `url` (an entry is never zero); `added` and `removed` are disjoint:
/// a URL that appears and disappears again before the host hears of it is in
/// neither. Every retain is matched by one release when the component
/// renders again or leaves the page.
struct ImageCounts {
    private(set) var counts: [String: Int] = [:]
    /// URLs on the screen now that were not on the host's, and the reverse.
    private(set) var added: Set<String> = []
    private(set) var removed: Set<String> = []

    mutating func retain(_ url: String) {
        // one look-up of the count; the sets only when the URL is new, and `removed` only when it holds some
        let first = Self.increment(&counts[url, default: 0])
        if first {
            if removed.isEmpty || removed.remove(url) == nil { added.insert(url) }
        }
    }

    /// Adds one to `count`; whether it was zero.
    private static func increment(_ count: inout Int) -> Bool {
        count += 1
        return count == 1
    }

    mutating func release(_ url: String) {
        guard let count = counts[url] else { return }
        if count > 1 {
            counts[url] = count - 1
            return
        }
        counts[url] = nil
        if added.remove(url) == nil { removed.insert(url) }
    }

    /// The URLs on the host's screen: those on the screen now, less those
    /// added since it received it, plus those removed.
    var held: Set<String> {
        Set(counts.keys).subtracting(added).union(removed)
    }

    /// The host holds a screen with `urls` (another page's): the changes
    /// are from them to the URLs on the screen now.
    mutating func hold(_ urls: Set<String>) {
        let now = Set(counts.keys)
        added = now.subtracting(urls)
        removed = urls.subtracting(now)
    }

    /// The host now holds the screen: nothing added or removed since. The
    /// sets keep their room: the next screen's pictures are added again
    /// (a page's first render adds them all) without growing them anew.
    mutating func resetChanges() {
        added.removeAll(keepingCapacity: true)
        removed.removeAll(keepingCapacity: true)
    }
}
