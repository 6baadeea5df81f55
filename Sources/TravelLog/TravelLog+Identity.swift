import SQLite

extension TravelLog {
    /// `PRAGMA application_id` of every travel log ("TATL"): what tells a log from any other
    /// SQLite file, the gazetteer included, before anything is written to it.
    public static let applicationID: Int32 = 0x5441_544C

    /// Throws ``TravelLogError/notATravelLog(_:_:)`` unless the open file is a travel log, an
    /// empty database, or a log from before application ids (its schema says so). Reads only.
    static func identify(_ database: Database, path: String) throws {
        let id: Int32, version: Int, tables: Set<String>
        do {
            id = Int32(truncatingIfNeeded: try database.prepare("PRAGMA application_id").scalarInt() ?? 0)
            if id == applicationID { return }
            version = try database.prepare("PRAGMA user_version").scalarInt() ?? 0
            var names = Set<String>()
            let s = try database.prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
            while try s.step() { if let name = s.string(0) { names.insert(name) } }
            tables = names
        } catch let error as SQLiteError where error.primaryCode == 26 {  // SQLITE_NOTADB
            throw TravelLogError.notATravelLog(path, "not a SQLite database")
        }
        if id == 0 && version == 0 && tables.isEmpty { return }
        if id == 0 && version >= 1 && tables.isSuperset(of: ["photos", "import_runs"]) { return }
        if tables.isSuperset(of: ["city_points", "boundaries"]) {
            throw TravelLogError.notATravelLog(path, "this is TravelAtlas's gazetteer, which is never written")
        }
        let what = id != 0 ? "application id \(String(UInt32(bitPattern: id), radix: 16))" : "tables \(tables.sorted().prefix(4).joined(separator: ", "))"
        throw TravelLogError.notATravelLog(path, "a SQLite database of something else (\(what))")
    }
}
