import Foundation
import TravelLog

/// An edit of the detected trips as asked for (`atlas trip rename ID TITLE`, `split ID DATE`,
/// `merge ID ID`, `exclude ID`, `reset ID`), naming trips as the user does: by identifier or
/// any date inside (``Trip/find(_:in:)``). ``Passport/plan(_:homes:rules:)`` checks it against
/// the trips and says what to save, or which saved edits to forget.
///
/// ```swift
/// let request = try TripEditRequest(action: "split", ["2024-07-06", "2024-07-11"])
/// switch try passport.plan(request, homes: homes, rules: rules) {
/// case .save(let edit, _): try log.saveTripEdit(edit)
/// case .forget(let sequences, _): try log.removeTripEdits(sequences)
/// }
/// ```
public enum TripEditRequest: Sendable, Equatable {
    case rename(trip: String, title: String)
    case split(trip: String, from: String)
    case merge(String, String)
    case exclude(trip: String)
    case reset(trip: String)

    /// The actions, as the command line names them.
    public static let actions = ["rename", "split", "merge", "exclude", "reset"]

    /// The edit `action` asks for with `words` after it; ``TripEditProblem/arguments(_:)``
    /// says what the action takes when the words do not fit it.
    public init(action: String, _ words: [String]) throws(TripEditProblem) {
        func expect(_ count: Int, _ what: String) throws(TripEditProblem) {
            guard words.count == count else { throw .arguments("trip \(action) takes \(what)") }
        }
        switch action {
        case "rename":
            try expect(2, "an ID and a TITLE (quote a title of several words)")
            self = .rename(trip: words[0], title: words[1])
        case "split":
            try expect(2, "an ID and a DATE (YYYY-MM-DD)")
            self = .split(trip: words[0], from: words[1])
        case "merge":
            try expect(2, "two IDs")
            self = .merge(words[0], words[1])
        case "exclude":
            try expect(1, "one ID")
            self = .exclude(trip: words[0])
        case "reset":
            try expect(1, "one ID")
            self = .reset(trip: words[0])
        default:
            throw .arguments("unknown action '\(action)': trip takes \(Self.actions.joined(separator: ", "))")
        }
    }
}

/// Why an edit of the trips is refused. Each says what is wrong in words; ``noTrip(_:among:)``
/// carries the identifiers to suggest from.
public enum TripEditProblem: Error, Sendable, Equatable, CustomStringConvertible {
    /// The words do not fit the action: a usage error.
    case arguments(String)
    /// No trip has that identifier, nor holds that date.
    case noTrip(String, among: [String])
    case emptyTitle
    case notADate(String)
    /// The date is not a day of the trip after its first.
    case notInTrip(String, trip: String, start: String, end: String)
    case mergeWithItself
    case noEdits(trip: String)
    /// Saved, the edit would leave the trips as they are.
    case changesNothing(String)

    public var description: String {
        switch self {
        case .arguments(let message): message
        case .noTrip(let text, _): "no trip '\(text)' ('atlas trips --all' lists them)"
        case .emptyTitle: "the title is empty ('atlas trip reset ID' brings back the generated one)"
        case .notADate(let text): "'\(text)' is not a date (YYYY-MM-DD)"
        case .notInTrip(let date, let trip, let start, let end): "\(date) is not a day of trip \(trip) after its first (\(start) to \(end))"
        case .mergeWithItself: "a trip cannot be merged with itself"
        case .noEdits(let trip): "trip \(trip) has no edits"
        case .changesNothing(let done): "that changes nothing: \(done.lowercased()) already, or no photos on each side"
        }
    }
}

/// What an edit of the trips does once checked: save one edit, or forget saved ones; `done`
/// says it ("Renamed 2024-07-06: Alps & Lisbon").
public enum TripEditPlan: Sendable, Equatable {
    case save(TripEdit, done: String)
    case forget([Int64], done: String)
}

extension Passport {
    /// `request` checked against the trips found with `homes` and `rules`: the edit to save
    /// (one that changes the trips), or the saved edits of a trip to forget.
    public func plan(_ request: TripEditRequest, homes: HomeTimeline, rules: TripRules) throws(TripEditProblem) -> TripEditPlan {
        let trips = self.trips(homes: homes, rules: rules)
        func find(_ text: String) throws(TripEditProblem) -> Trip {
            guard let trip = Trip.find(text, in: trips) else { throw .noTrip(text, among: trips.map(\.id)) }
            return trip
        }
        func save(_ edit: TripEdit, _ done: String) throws(TripEditProblem) -> TripEditPlan {
            guard with(tripEdits: tripEdits + [edit]).trips(homes: homes, rules: rules) != trips else { throw .changesNothing(done) }
            return .save(edit, done: done)
        }
        switch request {
        case .rename(let id, let text):
            let trip = try find(id)
            let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
            guard !title.isEmpty else { throw .emptyTitle }
            return try save(TripEdit(kind: .rename, date: trip.start, title: title), "Renamed \(trip.id): \(title)")
        case .split(let id, let date):
            let trip = try find(id)
            guard CalendarDay(date) != nil else { throw .notADate(date) }
            guard trip.start < date && date <= trip.end else { throw .notInTrip(date, trip: trip.id, start: trip.start, end: trip.end) }
            return try save(TripEdit(kind: .split, date: date), "Split \(trip.id): a new trip from \(date)")
        case .merge(let a, let b):
            let pair = try [find(a), find(b)].sorted { $0.start < $1.start }
            guard pair[0].id != pair[1].id else { throw .mergeWithItself }
            return try save(TripEdit(kind: .merge, date: pair[0].start, until: pair[1].end), "Merged \(pair[0].id) and \(pair[1].id)")
        case .exclude(let id):
            let trip = try find(id)
            return try save(TripEdit(kind: .exclude, date: trip.start), "Excluded \(trip.id): \(trip.title)")
        case .reset(let id):
            let trip = try find(id)
            let mine = tripEdits.filter { e in
                (trip.start <= e.date && e.date <= trip.end) || (e.until.map { trip.start <= $0 && $0 <= trip.end } ?? false)
            }
            guard !mine.isEmpty else { throw .noEdits(trip: trip.id) }
            return .forget(mine.compactMap(\.sequence), done: "Reset \(trip.id): \(counted(mine.count, "edit")) forgotten")
        }
    }
}
