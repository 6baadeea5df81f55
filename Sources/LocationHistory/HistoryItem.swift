/// What a history reader hands its sink, one at a time, in the order of the file.
///
/// ```swift
/// try HistoryReader.read(fileAt: path) { item in
///     switch item {
///     case .point(let p): points.append(p)
///     case .visit, .activity, .frequentPlace: break
///     }
/// }
/// ```
///
/// A value type; `Sendable`.
public enum HistoryItem: Sendable, Equatable {
    case point(HistoryPoint)
    case visit(HistoryVisit)
    case activity(HistoryActivity)
    case frequentPlace(FrequentPlace)
}
