/// Collects the reads of one factory run.
final class ReadLog {
    var reads: [Read] = []
}
