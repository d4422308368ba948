import CSDUI
import SDUICore

// Not a header section: the userdata of a registered C callback.

/// Keeps a C callback's userdata alive as long as the engine holds the
/// callback, and calls its destroy function when the engine lets go of it
/// (replaced, or engine freed).
final class UserData {
    let pointer: UnsafeMutableRawPointer?
    private var destroy: sdui_destroy_fn?

    init(_ pointer: UnsafeMutableRawPointer?, destroy: sdui_destroy_fn?) {
        self.pointer = pointer
        self.destroy = destroy
    }

    /// The registration failed: the caller keeps ownership, destroy must not run.
    func disarm() {
        destroy = nil
    }

    /// Runs destroy now (once), rather than whenever the last reference goes:
    /// for callers that must run it inside a guarded stretch.
    func release() {
        let run = destroy
        destroy = nil
        run?(pointer)
    }

    deinit {
        destroy?(pointer)
    }
}
