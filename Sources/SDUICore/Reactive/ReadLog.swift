/// Collects the reads of one factory run, and the warnings it reported.
final class ReadLog {
    var reads: [Read] = []
    /// Problems the factory reported without failing (`RenderContext.warn`).
    var warnings: [String] = []
    /// The tokens the view named that the theme lacks, each with its path
    /// (`ThemeResolver`).
    var unknownTokens: [String] = []
}
