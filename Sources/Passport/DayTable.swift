import TravelLog

/// Values by local date, kept as two arrays in date order: what ``DayLedger`` holds per
/// country. A date is found by halving, and the dates come out sorted.
///
/// ```swift
/// var table = DayTable<Int>.Builder()
/// table.add(CalendarDay("2025-03-01")!, 2, merge: +)
/// let days = table.table
/// days[CalendarDay("2025-03-01")!]   // 2
/// for (day, n) in days { print(day.text, n) }
/// ```
///
/// A dictionary of a country's dates hashed each of them once to build and once more for
/// each question; the day rules read tens of thousands of (country, date) pairs, and their
/// rows come by date, so the order is had for nothing. A value type; `Sendable` when its
/// values are.
public struct DayTable<Value> {
    /// The dates' numbers, ascending and distinct.
    public private(set) var numbers: [Int]
    /// The value of each date of ``numbers``, at the same index.
    public private(set) var values: [Value]

    public init() { (numbers, values) = ([], []) }

    /// The table of `numbers` (ascending, distinct: not checked) and their `values`.
    init(numbers: [Int], values: [Value]) { (self.numbers, self.values) = (numbers, values) }

    public var count: Int { numbers.count }
    public var isEmpty: Bool { numbers.isEmpty }
    /// The dates, ascending.
    public var keys: [CalendarDay] { numbers.map(CalendarDay.init(number:)) }

    /// The value of `day`, nil when the table has none.
    public subscript(day: CalendarDay) -> Value? {
        let i = numbers.partitioningIndex { $0 >= day.number }
        return i < numbers.count && numbers[i] == day.number ? values[i] : nil
    }

    /// The indices of the dates within `range`.
    public func indices(in range: ClosedRange<CalendarDay>) -> Range<Int> {
        numbers.partitioningIndex { $0 >= range.lowerBound.number }..<numbers.partitioningIndex { $0 > range.upperBound.number }
    }

    /// A table made a date at a time: dates mostly in order (appended), any others sorted in
    /// once at the end; a date given twice has its values merged, in the order given.
    public struct Builder {
        private var numbers: [Int] = [], values: [Value] = []
        private var ordered = true

        public init() {}

        public var isEmpty: Bool { numbers.isEmpty }

        /// `value` added on `day`, merged (`merge(&earlier, value)`) with what the day has.
        public mutating func add(_ day: CalendarDay, _ value: Value, merge: (inout Value, Value) -> Void) {
            if let last = numbers.last, last >= day.number {
                if last == day.number { return merge(&values[values.count - 1], value) }
                ordered = false
            }
            numbers.append(day.number)
            values.append(value)
        }

        /// The table: dates out of order sorted in, stably, and a date's values merged in the
        /// order they were added.
        public func table(merge: (inout Value, Value) -> Void) -> DayTable {
            guard !ordered else { return DayTable(numbers: numbers, values: values) }
            let order = numbers.indices.sorted { (numbers[$0], $0) < (numbers[$1], $1) }
            var out = DayTable()
            out.numbers.reserveCapacity(order.count)
            out.values.reserveCapacity(order.count)
            for i in order {
                if out.numbers.last == numbers[i] { merge(&out.values[out.values.count - 1], values[i]) } else {
                    out.numbers.append(numbers[i])
                    out.values.append(values[i])
                }
            }
            return out
        }
    }
}

extension DayTable: Sequence {
    public struct Iterator: IteratorProtocol {
        let table: DayTable
        var index = 0

        public mutating func next() -> (key: CalendarDay, value: Value)? {
            guard index < table.numbers.count else { return nil }
            defer { index += 1 }
            return (CalendarDay(number: table.numbers[index]), table.values[index])
        }
    }

    public func makeIterator() -> Iterator { Iterator(table: self) }
    public var underestimatedCount: Int { numbers.count }
}

extension DayTable: ExpressibleByDictionaryLiteral {
    /// The table of `elements`, in any order; a date given twice keeps its last value.
    public init(dictionaryLiteral elements: (CalendarDay, Value)...) {
        var builder = Builder()
        for (day, value) in elements { builder.add(day, value) { $0 = $1 } }
        self = builder.table { $0 = $1 }
    }
}

extension DayTable: Sendable where Value: Sendable {}
extension DayTable.Builder: Sendable where Value: Sendable {}
extension DayTable.Iterator: Sendable where Value: Sendable {}
extension DayTable: Equatable where Value: Equatable {}
