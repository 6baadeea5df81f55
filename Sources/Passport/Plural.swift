/// "1 country", "2 countries", "12,400 photos": a count and its noun in the right number, the
/// count grouped by thousands with commas whatever the locale.
///
/// ```swift
/// counted(1, "country", "countries")   // "1 country"
/// counted(0, "region")                 // "0 regions"
/// ```
public func counted(_ n: Int, _ singular: String, _ plural: String? = nil) -> String {
    "\(grouped(n)) \(n == 1 ? singular : plural ?? singular + "s")"
}

/// "12,400": digits grouped by three with commas.
public func grouped(_ n: Int) -> String {
    let digits = String(n.magnitude)
    var out = ""
    for (i, digit) in digits.enumerated() {
        if i > 0 && (digits.count - i) % 3 == 0 { out.append(",") }
        out.append(digit)
    }
    return (n < 0 ? "-" : "") + out
}

/// A noun's plural in lower case, as a sentence uses it: `County` → `counties`,
/// `Metropolitan department` → `metropolitan departments`, `Provinces` stays.
///
/// ```swift
/// pluralized("County")   // "counties"
/// ```
public func pluralized(_ word: String) -> String {
    let lower = word.lowercased()
    if lower.hasSuffix("y"), let last = lower.dropLast().last, !"aeiou".contains(last) { return lower.dropLast() + "ies" }
    return lower.hasSuffix("s") ? lower : lower + "s"
}
