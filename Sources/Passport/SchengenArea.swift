import TravelLog

/// Which countries are inside the Schengen area on a date: dated data, not code, with its
/// sources in docs/passport.md ("Days that count").
///
/// ```swift
/// SchengenArea.contains("country:HR", on: CalendarDay("2023-01-01")!)   // true
/// SchengenArea.contains("country:HR", on: CalendarDay("2022-12-31")!)   // false
/// ```
///
/// Bulgaria and Romania opened their air and sea borders on 2024-03-31 and their land borders
/// on 2025-01-01. The log does not say how one arrived, so a day there from 2024-03-31 counts
/// as a Schengen day: the count errs towards more days used, the safe side of a 90-day limit.
/// Monaco, San Marino and the Vatican have no border controls with France or Italy and count
/// as inside from the day their neighbour joined; Andorra keeps controls and does not count.
/// Cyprus and Ireland are outside. A table of constants; `Sendable`.
public enum SchengenArea {
    /// Country identifier → the first day it counts.
    public static let since: [String: String] = [
        "country:BE": "1995-03-26", "country:DE": "1995-03-26", "country:ES": "1995-03-26", "country:FR": "1995-03-26",
        "country:LU": "1995-03-26", "country:NL": "1995-03-26", "country:PT": "1995-03-26", "country:MC": "1995-03-26",
        "country:IT": "1997-10-26", "country:SM": "1997-10-26", "country:VA": "1997-10-26", "country:AT": "1997-12-01",
        "country:GR": "2000-03-26",
        "country:DK": "2001-03-25", "country:FI": "2001-03-25", "country:IS": "2001-03-25", "country:NO": "2001-03-25",
        "country:SE": "2001-03-25",
        "country:CZ": "2007-12-21", "country:EE": "2007-12-21", "country:HU": "2007-12-21", "country:LT": "2007-12-21",
        "country:LV": "2007-12-21", "country:MT": "2007-12-21", "country:PL": "2007-12-21", "country:SK": "2007-12-21",
        "country:SI": "2007-12-21",
        "country:CH": "2008-12-12", "country:LI": "2011-12-19", "country:HR": "2023-01-01",
        // Air and sea borders; land borders followed on 2025-01-01 (see above).
        "country:BG": "2024-03-31", "country:RO": "2024-03-31",
    ]

    private static let days: [String: CalendarDay] = since.compactMapValues { CalendarDay($0) }

    /// Whether a day in `country` (a `country:` identifier) is a Schengen day on `day`.
    public static func contains(_ country: String, on day: CalendarDay) -> Bool {
        days[country].map { $0 <= day } ?? false
    }
}
