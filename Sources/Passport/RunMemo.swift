/// The value made from the last key asked for, kept for the next ask: a passport's rows come by
/// date, so a run of rows that share a date parses it once.
///
/// ```swift
/// var day = RunMemo { CalendarDay($0) }
/// day("2024-05-01"); day("2024-05-01")   // parsed once
/// ```
///
/// A value type, for one loop at a time.
struct RunMemo<Value> {
    private let make: (String) -> Value
    private var last: (key: String, value: Value)?

    init(_ make: @escaping (String) -> Value) { self.make = make }

    mutating func callAsFunction(_ key: String) -> Value {
        if let last, last.key == key { return last.value }
        let value = make(key)
        last = (key, value)
        return value
    }
}
