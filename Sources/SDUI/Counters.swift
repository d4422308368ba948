import CSDUI
import SDUICore

// Counters: the function of include/sdui.h's "Counters" section.
// Each function's contract is written in the header; here they only
// translate arguments and statuses.

@_cdecl("sdui_counter")
public func sdui_counter(_ engine: OpaquePointer?, _ which: Int32) -> Int64 {
    guard let handle = EngineHandle.from(engine) else { return -1 }
    var value: Int64 = -1
    _ = handle.call { () throws(Failure) in
        let counters = handle.engine.counters
        switch which {
        case SDUI_COUNTER_FACTORY_RUNS: value = Int64(counters.factoryRuns)
        case SDUI_COUNTER_RENDERS: value = Int64(counters.componentRenders)
        case SDUI_COUNTER_ACTIONS: value = Int64(counters.actions)
        case SDUI_COUNTER_LAYOUTS: value = Int64(counters.layouts)
        case SDUI_COUNTER_SAVES: value = Int64(counters.saves)
        case SDUI_COUNTER_FLAT_VIEWS: value = Int64(counters.flatViews)
        default: throw .invalid("unknown counter \(which)")
        }
    }
    return value
}
