import TravelLog

/// Which countries count as inside the Schengen area on a date: dated data, not code, and
/// the choices behind it are in docs/passport.md ("Days that count: Schengen 90/180").
///
/// ```swift
/// SchengenArea.contains("country:HR", on: CalendarDay("2023-01-01")!)   // true
/// SchengenArea.contains("country:HR", on: CalendarDay("2022-12-31")!)   // false
/// ```
///
/// Each state counts from the first day any of its borders with the area opened; where land,
/// sea and air borders opened on different days, the earliest is taken. So Bulgaria and
/// Romania count from 2024-03-31 (air and sea borders; land borders followed on 2025-01-01):
/// a log of photos does not say how one arrived, and the earlier date errs towards more days
/// used, the safe side of a 90-day limit. Monaco, San Marino and the Vatican are not members
/// but have no border controls with France or Italy, so a day there is a day in the area,
/// counted from their neighbour's date. Åland is part of Finland and of the area. Andorra
/// keeps its border controls and does not count; Cyprus and Ireland are outside, as are the
/// territories with a country code of their own outside the area (Faroe Islands, Greenland,
/// Svalbard, Gibraltar, the French overseas departments and collectivities). A table of
/// constants; `Sendable`.
public enum SchengenArea {
    /// Country identifier → the first day it counts (`YYYY-MM-DD`).
    public static let since: [String: String] = [
        "country:BE": "1995-03-26", "country:DE": "1995-03-26", "country:ES": "1995-03-26", "country:FR": "1995-03-26",
        "country:LU": "1995-03-26", "country:NL": "1995-03-26", "country:PT": "1995-03-26",
        "country:IT": "1997-10-26", "country:AT": "1997-12-01", "country:GR": "2000-01-01",
        "country:DK": "2001-03-25", "country:FI": "2001-03-25", "country:IS": "2001-03-25", "country:NO": "2001-03-25",
        "country:SE": "2001-03-25", "country:AX": "2001-03-25",
        "country:CZ": "2007-12-21", "country:EE": "2007-12-21", "country:HU": "2007-12-21", "country:LT": "2007-12-21",
        "country:LV": "2007-12-21", "country:MT": "2007-12-21", "country:PL": "2007-12-21", "country:SK": "2007-12-21",
        "country:SI": "2007-12-21",
        "country:CH": "2008-12-12", "country:LI": "2011-12-19", "country:HR": "2023-01-01",
        // Air and sea borders; land borders followed on 2025-01-01 (see above).
        "country:BG": "2024-03-31", "country:RO": "2024-03-31",
        // Not members: open borders with France and Italy, counted from their dates.
        "country:MC": "1995-03-26", "country:SM": "1997-10-26", "country:VA": "1997-10-26",
    ]

    private static let days: [String: CalendarDay] = since.compactMapValues { CalendarDay($0) }

    /// Whether a day in `country` (a `country:` identifier) is a Schengen day on `day`.
    public static func contains(_ country: String, on day: CalendarDay) -> Bool {
        days[country].map { $0 <= day } ?? false
    }
}
