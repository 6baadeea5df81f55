import Gazetteer

/// A milestone as data: which places a traveller must have visited to reach it. ``standard``
/// is the list `atlas milestones`, the report and the export use; a milestone more is one entry
/// more there (docs/passport.md lists them).
///
/// ```swift
/// MilestoneGoal(id: "countries-10", title: "10 countries", goal: .count(.country, 10))
/// MilestoneGoal(id: "regions:US", title: "Every US state", goal: .every(.region, in: "country:US", except: ["region:US.DC"]))
/// MilestoneGoal(id: "regions:{code}", title: "Every region of {name}", goal: .everyBelowEach(.region, parent: .country))
/// ```
///
/// A value type; `Sendable`.
public struct MilestoneGoal: Sendable, Equatable {
    public enum Goal: Sendable, Equatable {
        /// `count` places of a kind, any of them; countries only those the counting scheme counts.
        case count(PlaceKind, Int)
        /// Every place of a kind below a place (the world when nil; `"country:US"`), but those
        /// excepted (identifiers).
        case every(PlaceKind, in: String?, except: Set<String> = [])
        /// ``every(_:in:except:)`` below each place of the `parent` kind where one of them was
        /// visited: one milestone a parent, whose id and title fill in `{code}` (the parent's
        /// code: `US.CA`), `{name}` (`California`) and `{unit}` (what the country calls a
        /// subregion: `county`, `province`). An entry of ``standard`` whose id a parent's
        /// milestone would take replaces it.
        case everyBelowEach(PlaceKind, parent: PlaceKind)
    }

    /// Stable: `countries-10`, `regions:US`, `subregions:US.CA`.
    public let id: String
    public let title: String
    public let goal: Goal

    public init(id: String, title: String, goal: Goal) {
        (self.id, self.title, self.goal) = (id, title, goal)
    }

    /// Every continent; 10, 25, 50 and 100 countries; every US state (the District of Columbia
    /// is not one) and every Canadian province and territory; every region of each country, and
    /// every subregion (county, département, province) of each country and of each region, once
    /// one of them is visited.
    public static let standard: [MilestoneGoal] = [
        MilestoneGoal(id: "continents", title: "Every continent", goal: .every(.continent, in: nil)),
        MilestoneGoal(id: "countries-10", title: "10 countries", goal: .count(.country, 10)),
        MilestoneGoal(id: "countries-25", title: "25 countries", goal: .count(.country, 25)),
        MilestoneGoal(id: "countries-50", title: "50 countries", goal: .count(.country, 50)),
        MilestoneGoal(id: "countries-100", title: "100 countries", goal: .count(.country, 100)),
        MilestoneGoal(id: "regions:US", title: "Every US state", goal: .every(.region, in: "country:US", except: ["region:US.DC"])),
        MilestoneGoal(id: "regions:CA", title: "Every province and territory of Canada", goal: .every(.region, in: "country:CA")),
        MilestoneGoal(id: "regions:{code}", title: "Every region of {name}", goal: .everyBelowEach(.region, parent: .country)),
        MilestoneGoal(id: "subregions:{code}", title: "Every {unit} of {name}", goal: .everyBelowEach(.subregion, parent: .country)),
        MilestoneGoal(id: "subregions:{code}", title: "Every {unit} of {name}", goal: .everyBelowEach(.subregion, parent: .region)),
    ]
}
