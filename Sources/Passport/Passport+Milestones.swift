import Gazetteer
import TravelLog

extension Passport {
    /// How far the traveller is with each of `goals`: the reached ones first, in the order they
    /// were reached, then the others, the nearest (the largest share done) first.
    ///
    /// ```swift
    /// for m in try passport.milestones(scheme: un, gazetteer: gazetteer) where m.isReached {
    ///     print(m.reached ?? "undated", m.title, m.place?.name ?? "")   // 2016-03-02 Every continent Antarctica
    /// }
    /// ```
    ///
    /// The places each goal asks for come from `gazetteer`; a goal for each place visited
    /// (every region of each country) is there once one of its places is visited, and left out
    /// where it would ask for fewer than two. Countries count under `scheme`, as `stats` counts them.
    public func milestones(_ goals: [MilestoneGoal] = MilestoneGoal.standard, scheme: CountingScheme,
                           gazetteer: Gazetteer) throws -> [Milestone] {
        // An explicit goal replaces the one a parent's template would give it.
        var taken = Set(goals.compactMap { goal -> String? in
            if case .everyBelowEach = goal.goal { return nil }
            return goal.id
        })
        var out: [Milestone] = [], visited: [PlaceKind: [String: Visit]] = [:]
        func every(_ id: String, _ title: String, _ members: [(id: PlaceID, name: String)], _ kind: PlaceKind) -> Milestone {
            if visited[kind] == nil { visited[kind] = Dictionary(visits(kind).map { ($0.id, $0) }, uniquingKeysWith: { a, _ in a }) }
            return Self.milestone(id, title, every: members, visited: visited[kind] ?? [:])
        }
        var words: [String: String?] = [:]
        func word(_ country: String) throws -> String? {
            if let known = words[country] { return known }
            let word = try gazetteer.subregionWord(country: country)?.lowercased()
            words[country] = word
            return word
        }
        for goal in goals {
            switch goal.goal {
            case .count(let kind, let count):
                let places = visits(kind).filter { kind != .country || scheme.countries.contains($0.id) }
                out.append(Self.milestone(goal.id, goal.title, count: count, of: places))
            case .every(let kind, let parent, let except):
                let members = try gazetteer.names(below: parent.flatMap(PlaceID.init), kind: kind).filter { !except.contains($0.id.description) }
                out.append(every(goal.id, goal.title, members, kind))
            case .everyBelowEach(let kind, let parentKind):
                // Only the parents with a place of the kind visited: a goal begun, not one whose
                // places this log never resolved (a log from before subregions, a country marked).
                let begun = Set(visits(kind).compactMap { $0[parent: parentKind]?.id })
                for parent in visits(parentKind) where begun.contains(parent.id) {
                    guard let parentID = PlaceID(parent.id) else { continue }
                    let unit = kind == .subregion ? try word(parent.country.flatMap { PlaceID($0.id)?.code } ?? parentID.code) : nil
                    func fill(_ text: String) -> String {
                        Self.filling(text, ["code": parentID.code, "name": parent.name, "unit": unit ?? kind.rawValue])
                    }
                    let id = fill(goal.id)
                    guard !taken.contains(id) else { continue }
                    let members = try gazetteer.names(below: parentID, kind: kind)
                    guard members.count >= 2 else { continue }
                    taken.insert(id)
                    out.append(every(id, fill(goal.title), members, kind))
                }
            }
        }
        return out.sorted(by: Self.milestoneOrder)
    }

    /// `text` with each `{key}` of `values` filled in; other braces kept. By hand: Foundation's
    /// `replacingOccurrences`, three a parent for a thousand regions, was a third of the time.
    private static func filling(_ text: String, _ values: [String: String]) -> String {
        var out = "", rest = Substring(text)
        while let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
            out += rest[..<open]
            let key = String(rest[rest.index(after: open)..<close])
            out += values[key] ?? String(rest[open...close])
            rest = rest[rest.index(after: close)...]
        }
        return out + rest
    }

    /// Reached ones by date (undated first), then the nearest; ties by identifier.
    private static func milestoneOrder(_ a: Milestone, _ b: Milestone) -> Bool {
        if a.isReached != b.isReached { return a.isReached }
        if a.isReached { return (a.reached ?? "", a.id) < (b.reached ?? "", b.id) }
        let (left, right) = (a.done * b.total, b.done * a.total)
        return left != right ? left > right : (a.total, a.id) < (b.total, b.id)
    }

    /// Any `count` of `places`: reached by the first visit of the count-th place in the order
    /// of first visits (undated marks first, as known before any date).
    private static func milestone(_ id: String, _ title: String, count: Int, of places: [Visit]) -> Milestone {
        let ordered = places.sorted { ($0.firstDate ?? "", $0.id) < ($1.firstDate ?? "", $1.id) }
        let completing = ordered.count >= count && count > 0 ? ordered[count - 1] : nil
        return Milestone(id: id, title: title, total: count, done: min(ordered.count, count), reached: completing?.firstDate,
                         place: completing.map { PlaceLink(id: $0.id, name: $0.name) }, missing: [])
    }

    /// All of `members`: reached by the first visit of the last of them to be visited.
    private static func milestone(_ id: String, _ title: String, every members: [(id: PlaceID, name: String)],
                                  visited: [String: Visit]) -> Milestone {
        var done: [Visit] = [], missing: [PlaceLink] = []
        for member in members {
            let id = member.id.description
            if let visit = visited[id] { done.append(visit) } else { missing.append(PlaceLink(id: id, name: member.name)) }
        }
        let completing = missing.isEmpty ? done.max { ($0.firstDate ?? "", $0.id) < ($1.firstDate ?? "", $1.id) } : nil
        return Milestone(id: id, title: title, total: members.count, done: done.count, reached: completing?.firstDate,
                         place: completing.map { PlaceLink(id: $0.id, name: $0.name) }, missing: missing)
    }
}
