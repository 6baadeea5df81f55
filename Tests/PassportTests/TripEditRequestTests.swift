import Testing
import TravelLog
@testable import Passport

/// The edits of the trips as `atlas trip` asks for them: the words each action takes, and the
/// checks against the trips before anything is saved (``Passport/plan(_:homes:rules:)``).
@Suite struct TripEditRequestTests {
    static func plan(_ action: String, _ words: [String], edits: [TripEdit] = []) throws(TripEditProblem) -> TripEditPlan {
        let passport = Journeys.passport(edits: edits)
        return try passport.plan(TripEditRequest(action: action, words), homes: passport.homeTimeline(), rules: TripRules())
    }

    @Test func eachActionTakesItsWords() throws {
        #expect(try TripEditRequest(action: "rename", ["2024-04-01", "Blossoms"]) == .rename(trip: "2024-04-01", title: "Blossoms"))
        #expect(try TripEditRequest(action: "merge", ["a", "b"]) == .merge("a", "b"))
        #expect(throws: TripEditProblem.arguments("trip rename takes an ID and a TITLE (quote a title of several words)")) {
            try TripEditRequest(action: "rename", ["2024-04-01"])
        }
        #expect(throws: TripEditProblem.arguments("trip reset takes one ID")) { try TripEditRequest(action: "reset", []) }
        #expect(throws: TripEditProblem.self) { try TripEditRequest(action: "delete", ["x"]) }
    }

    @Test func aGoodEditIsSavedWithWhatItDid() throws {
        #expect(try Self.plan("rename", ["2024-04-03", " Blossoms "])
                == .save(TripEdit(kind: .rename, date: "2024-04-01", title: "Blossoms"), done: "Renamed 2024-04-01: Blossoms"))
        #expect(try Self.plan("split", ["2024-04-01", "2024-04-07"])
                == .save(TripEdit(kind: .split, date: "2024-04-07"), done: "Split 2024-04-01: a new trip from 2024-04-07"))
        #expect(try Self.plan("merge", ["2024-06-04", "2024-06-01"])
                == .save(TripEdit(kind: .merge, date: "2024-06-01", until: "2024-06-05"), done: "Merged 2024-06-01 and 2024-06-04"))
    }

    @Test func whatCannotBeDoneIsRefused() throws {
        #expect(throws: TripEditProblem.emptyTitle) { try Self.plan("rename", ["2024-04-01", "  "]) }
        #expect(throws: TripEditProblem.notADate("2024-04-32")) { try Self.plan("split", ["2024-04-01", "2024-04-32"]) }
        #expect(throws: TripEditProblem.notInTrip("2024-04-01", trip: "2024-04-01", start: "2024-04-01", end: "2024-04-11")) {
            try Self.plan("split", ["2024-04-01", "2024-04-01"])
        }
        #expect(throws: TripEditProblem.mergeWithItself) { try Self.plan("merge", ["2024-04-01", "2024-04-02"]) }
        #expect(throws: TripEditProblem.noEdits(trip: "2024-04-01")) { try Self.plan("reset", ["2024-04-01"]) }
        do {
            _ = try Self.plan("exclude", ["2031-01-01"])
            Issue.record("no trip 2031-01-01 was found")
        } catch {
            guard case .noTrip("2031-01-01", let ids) = error else { Issue.record("\(error)"); return }
            #expect(ids.contains("2024-04-01"))
        }
        // Renamed to the title it has: the trips are as they were.
        let renamed = [TripEdit(kind: .rename, date: "2024-04-01", title: "Blossoms")]
        #expect(throws: TripEditProblem.changesNothing("Renamed 2024-04-01: Blossoms")) {
            try Self.plan("rename", ["2024-04-01", "Blossoms"], edits: renamed)
        }
    }

    @Test func resetForgetsTheEditsOfTheTrip() throws {
        let edits = [TripEdit(kind: .rename, date: "2024-04-01", title: "Blossoms", sequence: 1), TripEdit(kind: .exclude, date: "2024-09-20", sequence: 2)]
        #expect(try Self.plan("reset", ["2024-04-02"], edits: edits) == .forget([1], done: "Reset 2024-04-01: 1 edit forgotten"))
    }
}
