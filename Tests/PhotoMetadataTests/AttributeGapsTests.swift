import Testing
@testable import PhotoMetadata

/// ``AttributeGaps`` keeps the gaps of the last tag that had attributes, for the next tag's
/// attributes to be compared with, place by place.
@Suite struct AttributeGapsTests {
    static func gap(at start: Int, name: Int = AttributeGaps.Gap.none) -> AttributeGaps.Gap {
        AttributeGaps.Gap(start: start, length: 10, nameStart: 1, nameEnd: 7, colon: 3, name: name)
    }

    @Test func nothingIsACandidateBeforeATagEnds() {
        var gaps = AttributeGaps()
        #expect(gaps.candidate(0) == nil)
        gaps.keep(Self.gap(at: 5), at: 0)
        #expect(gaps.candidate(0) == nil)   // this tag's own gaps are for the next
        gaps.endTag(attributes: 1)
        #expect(gaps.candidate(0)?.start == 5 && gaps.candidate(1) == nil)
    }

    /// A tag laid out as the one before keeps nothing, and its candidates stay; one that differs
    /// in one place replaces that place only; a tag without attributes leaves them.
    @Test func aTagReplacesOnlyWhatItRead() {
        var gaps = AttributeGaps()
        for k in 0..<3 { gaps.keep(Self.gap(at: 10 * k, name: k), at: k) }
        gaps.endTag(attributes: 3)
        gaps.endTag(attributes: 3)   // the same layout again: nothing kept
        #expect((0..<3).map { gaps.candidate($0)?.start } == [0, 10, 20])
        gaps.keep(Self.gap(at: 99), at: 1)
        gaps.endTag(attributes: 3)
        #expect((0..<3).map { gaps.candidate($0)?.start } == [0, 99, 20])
        gaps.endTag(attributes: 0)
        #expect(gaps.candidate(2)?.start == 20)
        gaps.endTag(attributes: 2)   // fewer attributes: fewer candidates
        #expect(gaps.candidate(1)?.start == 99 && gaps.candidate(2) == nil)
    }

    /// Past ``AttributeGaps/capacity`` nothing is kept, and nothing is a candidate.
    @Test func onlyTheFirstAttributesAreKept() {
        var gaps = AttributeGaps()
        for k in 0...AttributeGaps.capacity { gaps.keep(Self.gap(at: k), at: k) }
        gaps.endTag(attributes: AttributeGaps.capacity + 1)
        #expect(gaps.candidate(AttributeGaps.capacity - 1)?.start == AttributeGaps.capacity - 1)
        #expect(gaps.candidate(AttributeGaps.capacity) == nil)
    }
}
