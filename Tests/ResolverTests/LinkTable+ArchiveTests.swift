import Gazetteer
import JSONWriter
import TableCache
import Testing
@testable import Resolver

/// A table of places read back from its archive writes the same JSON and answers the same rows;
/// one whose fragments or kinds do not fit is refused.
@Suite struct LinkTableArchiveTests {
    private func json(_ table: LinkTable, _ row: Int) -> String {
        var out: [UInt8] = []
        table.appendMemberJSON(row, to: &out)
        table.appendJSON(row, to: &out)
        return String(decoding: out, as: UTF8.self)
    }

    private func readBack(_ bytes: [UInt8]) throws -> LinkTable {
        try ArchiveReader.reading(bytes) { try LinkTable(unarchivingPlaces: &$0) }
    }

    @Test func aTableReadBackWritesTheSameJSON() throws {
        for table in [LinkTable(.places(ids: [PlaceID(.subregion, "US.CA.037"), PlaceID(.subregion, "FR.75")],
                                        names: ["Los Angeles County", "Paris \"75\""], codes: ["County", nil])),
                      LinkTable(.places(ids: [PlaceID(.country, "FR"), PlaceID(.region, "FR.11")], names: ["France", "Île-de-France"], codes: ["FRA", nil]))] {
            var archive = ArchiveWriter()
            table.archivePlaces(into: &archive)
            let back = try readBack(archive.bytes)
            #expect(back.kind == table.kind && back.count == table.count)
            for row in 0..<table.count {
                #expect(json(back, row) == json(table, row))
                #expect(back.id(row) == table.id(row) && back.name(row) == table.name(row) && back.code(row) == table.code(row))
            }
        }
    }

    @Test func fragmentsOrKindsThatDoNotFitAreRefused() {
        func archived(kinds: [UInt8], starts: [Int32], fragments: Int) -> [UInt8] {
            var archive = ArchiveWriter()
            archive.append(kinds)
            archive.append(strings: kinds.map { _ in "X" })
            archive.append(strings: kinds.map { _ in "x" })
            archive.append(optionalStrings: kinds.map { _ in nil })
            archive.append([UInt8](repeating: 32, count: fragments))
            archive.append(starts)
            return archive.bytes
        }
        #expect((try? readBack(archived(kinds: [1], starts: [0, 1, 2, 3, 4], fragments: 4))) != nil)
        #expect(throws: ArchiveError.self) { try readBack(archived(kinds: [99], starts: [0, 1, 2, 3, 4], fragments: 4)) }
        #expect(throws: ArchiveError.self) { try readBack(archived(kinds: [1], starts: [0, 1, 2, 3, 9], fragments: 4)) }
        #expect(throws: ArchiveError.self) { try readBack(archived(kinds: [1], starts: [0, 3, 2, 3, 4], fragments: 4)) }
        #expect(throws: ArchiveError.self) { try readBack(archived(kinds: [1], starts: [0, 1, 2, 4], fragments: 4)) }
    }
}
