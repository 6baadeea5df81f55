/// "Did you mean": the known words nearest to a mistyped one.
///
/// ```swift
/// Suggestion.nearest("contries", among: ["countries", "cities"])         // ["countries"]
/// Suggestion.didYouMean("--jsn", among: ["--json", "--db"])               // "; did you mean '--json'?"
/// ```
///
/// A known word is near when the edit distance (insertions, deletions, substitutions and swaps
/// of neighbours, case ignored, leading dashes left out) is at most a third of the typed word's
/// length (at least 1), or when it starts with the typed word (`coun`), or with all of it but
/// its last letter (`country` for `countries`). The nearest come first, at most three.
enum Suggestion {
    static func nearest(_ word: String, among candidates: [String]) -> [String] {
        let typed = bare(word)
        guard !typed.isEmpty else { return [] }
        var scored: [(String, Int)] = []
        for candidate in Set(candidates) {
            let known = bare(candidate)
            let d = distance(typed, known)
            if d <= max(1, typed.count / 3) {
                scored.append((candidate, d))
            } else if typed.count >= 2 && known.starts(with: typed) || typed.count >= 4 && known.starts(with: typed.dropLast()) {
                scored.append((candidate, d))
            }
        }
        return scored.sorted { ($0.1, $0.0) < ($1.1, $1.0) }.prefix(3).map(\.0)
    }

    /// "; did you mean '--json'?" (or "… '--db' or '--by'?"), or nothing when none is near.
    static func didYouMean(_ word: String, among candidates: [String]) -> String {
        let near = nearest(word, among: candidates)
        guard !near.isEmpty else { return "" }
        return "; did you mean " + near.map { "'\($0)'" }.joined(separator: " or ") + "?"
    }

    /// Lower case, without leading dashes.
    private static func bare(_ word: String) -> [Character] {
        Array(word.lowercased().drop { $0 == "-" })
    }

    /// The optimal string alignment distance: insertions, deletions, substitutions, and swaps of
    /// two neighbouring letters (`improt` is one from `import`).
    static func distance(_ a: [Character], _ b: [Character]) -> Int {
        if a.isEmpty || b.isEmpty { return max(a.count, b.count) }
        var d = [[Int]](repeating: [Int](repeating: 0, count: b.count + 1), count: a.count + 1)
        for i in 0...a.count { d[i][0] = i }
        for j in 0...b.count { d[0][j] = j }
        for i in 1...a.count {
            for j in 1...b.count {
                let cost = a[i - 1] == b[j - 1] ? 0 : 1
                d[i][j] = min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost)
                if i > 1, j > 1, a[i - 1] == b[j - 2], a[i - 2] == b[j - 1] { d[i][j] = min(d[i][j], d[i - 2][j - 2] + 1) }
            }
        }
        return d[a.count][b.count]
    }
}
