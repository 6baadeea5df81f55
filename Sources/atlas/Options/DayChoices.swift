import Passport

/// `atlas days --count any|midnight`: how a day counts.
extension DayCounting.Policy: Choice {}

/// `atlas days --rule schengen|us-presence`: a rule instead of the years.
enum DayRule: String, Choice {
    case schengen
    case usPresence = "us-presence"
}
