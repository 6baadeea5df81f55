import Gazetteer
import TableCache

extension LinkTable {
    /// A table of places (``Rows/places(ids:names:codes:)``) as ``TableCache`` keeps it, its
    /// JSON fragments included: read back by ``init(unarchivingPlaces:)``.
    func archivePlaces(into archive: inout ArchiveWriter) {
        guard case .places(let ids, let names, let codes) = rows else { preconditionFailure("only a table of places is archived") }
        // Kinds as their position among the cases and codes as they are: parsing 47,643
        // `kind:code` texts back took longer than reading the subregions from the gazetteer.
        archive.append(ids.map { UInt8(PlaceKind.allCases.firstIndex(of: $0.kind)!) })
        archive.append(strings: ids.map(\.code))
        archive.append(strings: names)
        archive.append(optionalStrings: codes)
        archive.append(fragments)
        archive.append(fragmentStarts)
    }

    /// A table of places as ``archivePlaces(into:)`` wrote it, checked so that no row's fragment
    /// lies outside the bytes.
    convenience init(unarchivingPlaces archive: inout ArchiveReader) throws {
        func damaged(_ what: String) -> ArchiveError { ArchiveError(offset: 0, reason: "link table: \(what)") }
        let kinds = try archive.array(of: UInt8.self), idCodes = try archive.strings()
        let names = try archive.strings(), codes = try archive.optionalStrings()
        let fragments = try archive.array(of: UInt8.self), starts = try archive.array(of: Int32.self)
        let cases = PlaceKind.allCases
        guard kinds.count == idCodes.count, kinds.allSatisfy({ Int($0) < cases.count }) else { throw damaged("the identifiers") }
        let ids = zip(kinds, idCodes).map { PlaceID(cases[Int($0)], $1) }
        guard ArchiveReader.startsRunForward(starts, within: fragments.count) else { throw damaged("the fragments' starts") }
        guard names.count == ids.count, codes.count == ids.count, starts.count == 4 * ids.count + 1, starts.first == 0,
              starts.last.map(Int.init) == fragments.count else { throw damaged("the rows and fragments disagree") }
        self.init(.places(ids: ids, names: names, codes: codes), fragments: fragments, starts: starts)
    }
}
