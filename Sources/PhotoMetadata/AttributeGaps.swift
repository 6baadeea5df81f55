/// What reading the attributes of the last start tag that had any found, kept so that the next
/// tag laid out the same way is not read again: for each of its first attributes, its *gap* —
/// the bytes from where the attribute's reading began (the end of the tag's name or of the value
/// before) to its value's opening quote: white space, a name, `=`, a quote — where that gap was,
/// where its name lies in it, and what the name is to the reader.
///
/// darktable writes its edit history as 10–30 `rdf:li` tags of the same ten attributes, each
/// on a line of the same indentation: most of a sidecar's attributes, and none asked for. The
/// reading of a gap (white space skipped, the name found, `=` and the quote checked, the name's
/// colon found and looked up among the names asked for) depends on its bytes alone, so when the
/// bytes where the `k`th attribute of a tag begins repeat the `k`th gap of the tag before, byte
/// for byte, the reading would find what it found there: one comparison of some 40 bytes
/// instead of four to six scans and a lookup. Anything else — another layout, a changed name, a
/// fault — differs from the gap and is read as before (a gap is kept only once read whole), so
/// the results and faults are those of a reading without it.
///
/// ```swift
/// var gaps = AttributeGaps()
/// // first tag: nothing to compare with; its attributes' gaps are kept
/// gaps.keep(AttributeGaps.Gap(start: 7, length: 12, nameStart: 1, nameEnd: 9, colon: 4, name: AttributeGaps.Gap.none), at: 0)
/// gaps.endTag(attributes: 1)
/// gaps.candidate(0)   // the gap at 7: compare bytes[i..<i + 12] with bytes[7..<19]
/// ```
///
/// A value type owned by one reader of one document (its offsets are that document's); not
/// shared between threads.
struct AttributeGaps {
    /// One attribute's gap, by offsets in the document (`start`) and from its start.
    struct Gap {
        /// `name` of an attribute that is no property asked for.
        static let none = -1
        /// `name` of a namespace declaration (`xmlns`, `xmlns:p`).
        static let declaration = -2

        let start: Int, length: Int
        let nameStart: Int, nameEnd: Int
        /// The name's first colon, -1 when it has none.
        let colon: Int
        /// Its index in the names asked for, or ``none`` or ``declaration``.
        let name: Int
    }

    /// The attributes of a tag whose gaps are kept: darktable's history has ten.
    static let capacity = 16

    /// The gaps of the last tag with attributes, as far as this tag's attributes have not
    /// replaced them: a gap is read as a candidate before its place is written, and written
    /// only when it was not the candidate (nothing to write for a tag laid out as the one before).
    /// Grown by one at a time (a tag's `k`th is kept only once the `k` before it are), from
    /// room made once.
    private var gaps: [Gap] = []
    /// How many of `gaps` the last tag with attributes had.
    private var previousCount = 0

    /// The `k`th gap of the previous tag with attributes, nil when it had fewer.
    @inline(__always) func candidate(_ k: Int) -> Gap? {
        k < previousCount ? gaps[k] : nil
    }

    /// Keeps the gap of this tag's `k`th attribute (the first ``capacity`` only), read because
    /// it was not the `k`th candidate; the `k` before it are kept or candidates already.
    @inline(__always) mutating func keep(_ gap: Gap, at k: Int) {
        if k < gaps.count {
            gaps[k] = gap
        } else if k == gaps.count, k < Self.capacity {
            if gaps.isEmpty { gaps.reserveCapacity(Self.capacity) }
            gaps.append(gap)
        }
    }

    /// This tag, read whole with `attributes` attributes, is the one the next is compared with;
    /// a tag without attributes (`<rdf:Seq>` before the history's items) leaves the previous.
    @inline(__always) mutating func endTag(attributes: Int) {
        if attributes > 0 { previousCount = min(attributes, Self.capacity) }
    }
}
