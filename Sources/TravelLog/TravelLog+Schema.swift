import SQLite

extension TravelLog {
    /// The ordered, append-only list of migrations: migration `i` takes `user_version` from `i`
    /// to `i + 1`. Never edit one that has shipped; add the next.
    public static let migrations: [String] = [
        """
        CREATE TABLE import_runs (
            id INTEGER PRIMARY KEY,
            roots TEXT NOT NULL,                 -- JSON-free: one canonical root per line
            started_at TEXT NOT NULL,
            ended_at TEXT,
            status TEXT NOT NULL DEFAULT 'running',  -- running, done, interrupted, abandoned
            gazetteer_version TEXT,
            seen INTEGER NOT NULL DEFAULT 0,
            added INTEGER NOT NULL DEFAULT 0,
            changed INTEGER NOT NULL DEFAULT 0,
            unchanged INTEGER NOT NULL DEFAULT 0,
            moved INTEGER NOT NULL DEFAULT 0,
            missing INTEGER NOT NULL DEFAULT 0,
            errors INTEGER NOT NULL DEFAULT 0
        );
        CREATE TABLE photos (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            fingerprint INTEGER,
            format TEXT,
            taken_local TEXT,
            utc_offset INTEGER,
            offset_source TEXT,        -- exif, gps, timezone, timezone-over-gps
            time_source TEXT,          -- DateTimeOriginal, DateTimeDigitized, DateTime
            latitude REAL,
            longitude REAL,
            altitude REAL,
            gps_issue TEXT,
            make TEXT,
            model TEXT,
            continent_id TEXT, continent_name TEXT,
            country_id TEXT, country_name TEXT, country_code TEXT,
            region_id TEXT, region_name TEXT, region_code TEXT,
            city_id TEXT, city_name TEXT, city_km REAL,
            airport_id TEXT, airport_name TEXT, airport_code TEXT, airport_km REAL,
            waters TEXT,
            border_km REAL,
            boundary_quality TEXT,
            nearest_city_elsewhere INTEGER,
            gazetteer_version TEXT,
            error_kind TEXT,
            error_message TEXT,
            first_run INTEGER REFERENCES import_runs(id),
            updated_run INTEGER REFERENCES import_runs(id),
            missing_since TEXT
        );
        CREATE INDEX photos_fingerprint ON photos(fingerprint, size) WHERE fingerprint IS NOT NULL;
        CREATE INDEX photos_errors ON photos(error_kind) WHERE error_kind IS NOT NULL;
        -- Files that are no image (videos, sidecars): remembered so a re-import does not open them again.
        CREATE TABLE other_files (
            path TEXT PRIMARY KEY,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE overrides (
            photo_id INTEGER PRIMARY KEY REFERENCES photos(id) ON DELETE CASCADE,
            place_id TEXT NOT NULL,
            continent_id TEXT, continent_name TEXT,
            country_id TEXT, country_name TEXT,
            region_id TEXT, region_name TEXT,
            city_id TEXT, city_name TEXT,
            airport_id TEXT, airport_name TEXT,
            set_at TEXT NOT NULL
        );
        -- The place of each photo as people see it: a hand-set place wins over the resolved one.
        CREATE VIEW photo_places AS
        SELECT p.id AS photo_id, p.path, p.missing_since,
               CASE WHEN o.photo_id IS NULL THEN p.continent_id ELSE o.continent_id END AS continent_id,
               CASE WHEN o.photo_id IS NULL THEN p.continent_name ELSE o.continent_name END AS continent_name,
               CASE WHEN o.photo_id IS NULL THEN p.country_id ELSE o.country_id END AS country_id,
               CASE WHEN o.photo_id IS NULL THEN p.country_name ELSE o.country_name END AS country_name,
               CASE WHEN o.photo_id IS NULL THEN p.region_id ELSE o.region_id END AS region_id,
               CASE WHEN o.photo_id IS NULL THEN p.region_name ELSE o.region_name END AS region_name,
               CASE WHEN o.photo_id IS NULL THEN p.city_id ELSE o.city_id END AS city_id,
               CASE WHEN o.photo_id IS NULL THEN p.city_name ELSE o.city_name END AS city_name,
               CASE WHEN o.photo_id IS NULL THEN p.airport_id ELSE o.airport_id END AS airport_id,
               CASE WHEN o.photo_id IS NULL THEN p.airport_name ELSE o.airport_name END AS airport_name,
               o.photo_id IS NOT NULL AS overridden
        FROM photos p LEFT JOIN overrides o ON o.photo_id = p.id;
        """,
        // 2: the passport. GPS speed decides (with altitude) which photos were taken in flight;
        // marks are places visited by the user's word, keyed by place and day ('' = no day, so
        // the key stays unique: SQLite lets NULLs repeat in a primary key).
        """
        ALTER TABLE photos ADD COLUMN speed_kmh REAL;
        CREATE TABLE marks (
            place_id TEXT NOT NULL,
            date TEXT NOT NULL DEFAULT '',
            note TEXT,
            place_name TEXT NOT NULL,
            continent_id TEXT, continent_name TEXT,
            country_id TEXT, country_name TEXT,
            region_id TEXT, region_name TEXT,
            city_id TEXT, city_name TEXT,
            marked_at TEXT NOT NULL,
            PRIMARY KEY (place_id, date)
        );
        """,
        // 3: districts. A chain now has a district below its city (Lyon 05 in Lyon), kept in
        // the photo snapshot (with its distance, so a reresolve that finds the same district
        // rewrites nothing) and in a hand-set place; the view is rebuilt to carry it.
        """
        ALTER TABLE photos ADD COLUMN district_id TEXT;
        ALTER TABLE photos ADD COLUMN district_name TEXT;
        ALTER TABLE photos ADD COLUMN district_km REAL;
        ALTER TABLE overrides ADD COLUMN district_id TEXT;
        ALTER TABLE overrides ADD COLUMN district_name TEXT;
        DROP VIEW photo_places;
        \(placesView(levels: ["continent", "country", "region", "city", "district", "airport"]))
        """,
        // 4: what a walk could not read that is no file (a folder without permission, a path
        // longer than the system allows): errors `atlas errors` lists, replaced under its roots
        // by every import.
        """
        CREATE TABLE walk_errors (
            path TEXT PRIMARY KEY,
            kind TEXT NOT NULL,
            message TEXT NOT NULL,
            run INTEGER REFERENCES import_runs(id)
        );
        """,
        // 5: the visit aggregates (``PlaceDay``, ``TrackDay``), so the passport never reads every
        // photo. Triggers note in `stale_days` each local date a write touches, in the write's
        // own transaction; the writer brings those dates' aggregates up to date before it
        // commits (or, for an import, once at its end), and a reader computes the dates still
        // stale (a killed import's) from their photos. Every rule looks at one date only. (The
        // triggers insert only what is absent: the statement that fires a trigger imposes its
        // own conflict policy on it, so INSERT OR IGNORE inside would fail under an upsert.)
        """
        CREATE INDEX photos_day ON photos(substr(taken_local, 1, 10));
        CREATE TABLE place_days (
            date TEXT NOT NULL,                  -- local date, '' when unknown
            status TEXT NOT NULL,                -- visit, transit, flight
            continent_id TEXT, continent_name TEXT, country_id TEXT, country_name TEXT,
            region_id TEXT, region_name TEXT, city_id TEXT, city_name TEXT,
            district_id TEXT, district_name TEXT, airport_id TEXT, airport_name TEXT,
            photos INTEGER NOT NULL,
            hand_set INTEGER NOT NULL,
            positioned INTEGER NOT NULL,
            latitude_sum REAL NOT NULL,
            longitude_sum REAL NOT NULL,
            first_time TEXT,
            last_time TEXT
        );
        CREATE INDEX place_days_date ON place_days(date);
        CREATE TABLE track_days (
            day TEXT PRIMARY KEY,
            photos INTEGER NOT NULL,
            first_time TEXT NOT NULL, first_path TEXT NOT NULL, first_latitude REAL NOT NULL, first_longitude REAL NOT NULL,
            last_time TEXT NOT NULL, last_path TEXT NOT NULL, last_latitude REAL NOT NULL, last_longitude REAL NOT NULL,
            km REAL NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE stale_days (date TEXT PRIMARY KEY) WITHOUT ROWID;
        INSERT OR IGNORE INTO stale_days SELECT DISTINCT coalesce(substr(taken_local, 1, 10), '') FROM photos;
        CREATE TRIGGER photos_insert_stale AFTER INSERT ON photos WHEN NEW.error_kind IS NULL AND NEW.latitude IS NOT NULL BEGIN
            INSERT INTO stale_days SELECT d FROM (SELECT coalesce(substr(NEW.taken_local, 1, 10), '') AS d) WHERE d NOT IN (SELECT date FROM stale_days);
        END;
        CREATE TRIGGER photos_delete_stale AFTER DELETE ON photos BEGIN
            INSERT INTO stale_days SELECT d FROM (SELECT coalesce(substr(OLD.taken_local, 1, 10), '') AS d) WHERE d NOT IN (SELECT date FROM stale_days);
        END;
        CREATE TRIGGER photos_update_stale AFTER UPDATE OF path, taken_local, utc_offset, latitude, longitude, altitude, speed_kmh,
            continent_id, continent_name, country_id, country_name, region_id, region_name, city_id, city_name,
            district_id, district_name, airport_id, airport_name, waters, gazetteer_version, error_kind ON photos BEGIN
            INSERT INTO stale_days SELECT d FROM (SELECT coalesce(substr(OLD.taken_local, 1, 10), '') AS d) WHERE d NOT IN (SELECT date FROM stale_days);
            INSERT INTO stale_days SELECT d FROM (SELECT coalesce(substr(NEW.taken_local, 1, 10), '') AS d) WHERE d NOT IN (SELECT date FROM stale_days);
        END;
        CREATE TRIGGER overrides_insert_stale AFTER INSERT ON overrides BEGIN
            INSERT INTO stale_days SELECT DISTINCT d FROM (SELECT coalesce(substr(taken_local, 1, 10), '') AS d FROM photos WHERE id = NEW.photo_id) WHERE d NOT IN (SELECT date FROM stale_days);
        END;
        CREATE TRIGGER overrides_update_stale AFTER UPDATE ON overrides BEGIN
            INSERT INTO stale_days SELECT DISTINCT d FROM (SELECT coalesce(substr(taken_local, 1, 10), '') AS d FROM photos WHERE id IN (OLD.photo_id, NEW.photo_id)) WHERE d NOT IN (SELECT date FROM stale_days);
        END;
        CREATE TRIGGER overrides_delete_stale AFTER DELETE ON overrides BEGIN
            INSERT INTO stale_days SELECT DISTINCT d FROM (SELECT coalesce(substr(taken_local, 1, 10), '') AS d FROM photos WHERE id = OLD.photo_id) WHERE d NOT IN (SELECT date FROM stale_days);
        END;
        """,
        // 6: where each position came from, the sidecars a photo was read with, and the GPX
        // tracks that place photos without a position of their own. A video's position was
        // stored without saying which of its three boxes held it: those rows are read again
        // (their modification time no longer matches), which records it.
        """
        ALTER TABLE photos ADD COLUMN position_source TEXT;
        ALTER TABLE photos ADD COLUMN sidecars TEXT;
        UPDATE photos SET position_source = 'exif' WHERE latitude IS NOT NULL AND format NOT IN ('mov', 'mp4', 'm4v', '3gp');
        UPDATE photos SET mtime_ns = -1 WHERE format IN ('mov', 'mp4', 'm4v', '3gp');
        CREATE TABLE tracks (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            points INTEGER NOT NULL,
            first_time TEXT,                     -- UTC, ISO 8601
            last_time TEXT,
            data BLOB,                           -- GPXTrack.encoded
            error_kind TEXT,
            error_message TEXT,
            run INTEGER REFERENCES import_runs(id)
        );
        """,
        // 7: the traveller's homes (each from a date on) and their edits of the detected trips,
        // both the user's word: imports and reresolve never touch them.
        """
        CREATE TABLE homes (
            since TEXT PRIMARY KEY,              -- YYYY-MM-DD, '' for "from the start"
            place_id TEXT NOT NULL,
            place_name TEXT NOT NULL,
            latitude REAL,
            longitude REAL,
            country_id TEXT, country_name TEXT,
            region_id TEXT, region_name TEXT,
            city_id TEXT, city_name TEXT,
            set_at TEXT NOT NULL
        ) WITHOUT ROWID;
        CREATE TABLE trip_edits (
            id INTEGER PRIMARY KEY,              -- the order edits apply in
            kind TEXT NOT NULL,                  -- rename, split, merge, exclude
            date TEXT NOT NULL,                  -- the trip's start when made; split: the first day of the second part
            until TEXT,                          -- merge: the last day of the later trip
            title TEXT,                          -- rename
            made_at TEXT NOT NULL
        );
        """,
        // 8: flights from flight logs, each with its airports' place snapshots; a flight is its
        // date, airports and number, so importing a log again adds nothing.
        """
        CREATE TABLE flights (
            id INTEGER PRIMARY KEY,
            date TEXT NOT NULL,                  -- local date of departure
            from_id TEXT NOT NULL, from_name TEXT NOT NULL, from_code TEXT NOT NULL, from_latitude REAL, from_longitude REAL,
            from_continent_id TEXT, from_continent_name TEXT, from_country_id TEXT, from_country_name TEXT,
            from_region_id TEXT, from_region_name TEXT, from_city_id TEXT, from_city_name TEXT,
            to_id TEXT NOT NULL, to_name TEXT NOT NULL, to_code TEXT NOT NULL, to_latitude REAL, to_longitude REAL,
            to_continent_id TEXT, to_continent_name TEXT, to_country_id TEXT, to_country_name TEXT,
            to_region_id TEXT, to_region_name TEXT, to_city_id TEXT, to_city_name TEXT,
            flight_number TEXT NOT NULL,         -- '' when the log has none
            airline TEXT,
            source TEXT,
            line INTEGER,
            imported_at TEXT NOT NULL,
            UNIQUE (date, from_id, to_id, flight_number)
        );
        """,
        // 9: the aggregates' coordinate sums in whole units of 1e-7 degrees (``PlaceDay``), so
        // what is derived from them is the same in a log restored from its record: every date
        // is computed again by the next writer (readers compute stale dates themselves).
        """
        DELETE FROM place_days;
        INSERT OR IGNORE INTO stale_days SELECT DISTINCT coalesce(substr(taken_local, 1, 10), '') FROM photos;
        """,
        // 10: the aggregates from positions, altitudes and speeds at the record's precision
        // (``RecordPrecision``): the track's kilometres and the flight rule, computed again.
        """
        INSERT OR IGNORE INTO stale_days SELECT DISTINCT coalesce(substr(taken_local, 1, 10), '') FROM photos;
        """,
        // 11: new photos folded into the aggregates as they are written (``AggregateFold``),
        // which finds a date's rows of one country; and the track days a writer could not
        // extend in time order (a new photo earlier than a day's last one): their place rows
        // are up to date, their track is computed from the photos by the refresh, and by
        // readers until then.
        """
        DROP INDEX place_days_date;
        CREATE INDEX place_days_date ON place_days(date, country_id);
        CREATE TABLE stale_track_days (day TEXT PRIMARY KEY) WITHOUT ROWID;
        """,
        // 12: location histories (``TravelLog/StoredHistory``): each file's points in blocks
        // (``TimedPosition/encode(_:)``), its visits and flights, and the days they give, kept
        // apart from the photos' place days and rebuilt whenever a history changes.
        """
        CREATE TABLE histories (
            id INTEGER PRIMARY KEY,
            path TEXT NOT NULL UNIQUE,
            size INTEGER NOT NULL,
            mtime_ns INTEGER NOT NULL,
            format TEXT,
            points_read INTEGER NOT NULL DEFAULT 0,  -- positions the file gave
            points INTEGER NOT NULL DEFAULT 0,       -- kept: less those repeated within 2 s and 5 m in the file
            duplicates INTEGER NOT NULL DEFAULT 0,   -- of those kept, points another history already had
            visits INTEGER NOT NULL DEFAULT 0,
            flights INTEGER NOT NULL DEFAULT 0,
            skipped INTEGER NOT NULL DEFAULT 0,
            first_time INTEGER, last_time INTEGER,   -- ms since 1970 UTC
            cut_offset INTEGER,                      -- where a file cut short stops
            error_kind TEXT, error_message TEXT,
            run INTEGER
        );
        CREATE TABLE history_blocks (
            history_id INTEGER NOT NULL REFERENCES histories(id) ON DELETE CASCADE,
            first_time INTEGER NOT NULL,
            last_time INTEGER NOT NULL,
            points INTEGER NOT NULL,
            data BLOB NOT NULL
        );
        CREATE INDEX history_blocks_time ON history_blocks(last_time, first_time);
        CREATE INDEX history_blocks_history ON history_blocks(history_id);
        CREATE TABLE history_segments (
            history_id INTEGER NOT NULL REFERENCES histories(id) ON DELETE CASCADE,
            kind TEXT NOT NULL,                      -- visit, flight
            start_time INTEGER NOT NULL,
            end_time INTEGER NOT NULL,
            latitude REAL,
            longitude REAL
        );
        CREATE INDEX history_segments_history ON history_segments(history_id);
        CREATE TABLE history_days (
            date TEXT NOT NULL,
            status TEXT NOT NULL,                    -- visit (a stay), transit (passed through)
            continent_id TEXT, continent_name TEXT, country_id TEXT, country_name TEXT,
            region_id TEXT, region_name TEXT, city_id TEXT, city_name TEXT,
            district_id TEXT, district_name TEXT, airport_id TEXT, airport_name TEXT,
            photos INTEGER NOT NULL,
            hand_set INTEGER NOT NULL,
            positioned INTEGER NOT NULL,
            latitude_sum REAL NOT NULL,
            longitude_sum REAL NOT NULL,
            first_time TEXT,
            last_time TEXT,
            points INTEGER NOT NULL
        );
        """,
        // 13: every row a passport reads as one blob (``AggregateSnapshot``), valid while the
        // generation it was made at is the log's: any change to the aggregate tables or to the
        // stale dates counts one more, whoever writes it, so a snapshot can never be read stale.
        """
        CREATE TABLE aggregate_generation (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
        INSERT INTO aggregate_generation VALUES (1, 0);
        CREATE TABLE aggregate_snapshot (
            id INTEGER PRIMARY KEY CHECK (id = 1),
            generation INTEGER NOT NULL,
            format INTEGER NOT NULL,
            bytes BLOB NOT NULL
        );
        """ + generationTriggers(),
        // 14: subregions (counties, départements, provinces): the second level of regions, in
        // the photo snapshot, a hand-set place, the aggregate rows and the view, and watched by
        // the trigger that marks a changed photo's date stale. The rows of older logs have
        // none until `atlas reresolve` fills them in.
        """
        ALTER TABLE photos ADD COLUMN subregion_id TEXT;
        ALTER TABLE photos ADD COLUMN subregion_name TEXT;
        ALTER TABLE overrides ADD COLUMN subregion_id TEXT;
        ALTER TABLE overrides ADD COLUMN subregion_name TEXT;
        ALTER TABLE place_days ADD COLUMN subregion_id TEXT;
        ALTER TABLE place_days ADD COLUMN subregion_name TEXT;
        ALTER TABLE history_days ADD COLUMN subregion_id TEXT;
        ALTER TABLE history_days ADD COLUMN subregion_name TEXT;
        DROP VIEW photo_places;
        \(placesView(levels: ["continent", "country", "region", "subregion", "city", "district", "airport"]))
        DROP TRIGGER photos_update_stale;
        CREATE TRIGGER photos_update_stale AFTER UPDATE OF path, taken_local, utc_offset, latitude, longitude, altitude, speed_kmh,
            continent_id, continent_name, country_id, country_name, region_id, region_name, subregion_id, subregion_name, city_id, city_name,
            district_id, district_name, airport_id, airport_name, waters, gazetteer_version, error_kind ON photos BEGIN
            INSERT INTO stale_days SELECT d FROM (SELECT coalesce(substr(OLD.taken_local, 1, 10), '') AS d) WHERE d NOT IN (SELECT date FROM stale_days);
            INSERT INTO stale_days SELECT d FROM (SELECT coalesce(substr(NEW.taken_local, 1, 10), '') AS d) WHERE d NOT IN (SELECT date FROM stale_days);
        END;
        """,
        // 15: the trigger every new photo fires asks whether its date is stale in its WHEN
        // clause, a lookup of the key, and inserts it only then. Its body used to insert from a
        // SELECT over `stale_days` itself, which SQLite copies into a temporary table first: a
        // fifth of the CPU of an import's insert (0.16 s against 0.13 s for 20,000 rows). The
        // body inserts only an absent date, so no conflict policy the firing statement imposes
        // can apply to it.
        """
        DROP TRIGGER photos_insert_stale;
        CREATE TRIGGER photos_insert_stale AFTER INSERT ON photos
            WHEN NEW.error_kind IS NULL AND NEW.latitude IS NOT NULL
                AND NOT EXISTS (SELECT 1 FROM stale_days WHERE date = coalesce(substr(NEW.taken_local, 1, 10), '')) BEGIN
            INSERT INTO stale_days VALUES (coalesce(substr(NEW.taken_local, 1, 10), ''));
        END;
        """,
        // 16: the generation counts the first change to the aggregates after each snapshot, not
        // every row: a snapshot is retired by a change either way, and a trigger that wrote the
        // generation for each of the thousands of rows a batch of an import folds cost 7% of
        // its CPU. `changed` says a change was counted since the last snapshot (or since
        // ``PendingSnapshot`` began to watch); writing one clears it. The count goes one up
        // here, so that a snapshot made before is retired.
        """
        ALTER TABLE aggregate_generation ADD COLUMN changed INTEGER NOT NULL DEFAULT 1;
        UPDATE aggregate_generation SET n = n + 1, changed = 1;
        """ + generationTriggers(dropFirst: true, firstChangeOnly: true),
    ]

    /// Migration 13's triggers: every row written to or deleted from an aggregate table, and
    /// every date marked stale or no longer, counts one more generation.
    /// Migration 16's (`firstChangeOnly`): the first such change after a snapshot does.
    static func generationTriggers(dropFirst: Bool = false, firstChangeOnly: Bool = false) -> String {
        let tables = [("place_days", ["INSERT", "UPDATE", "DELETE"]), ("history_days", ["INSERT", "UPDATE", "DELETE"]),
                      ("track_days", ["INSERT", "UPDATE", "DELETE"]), ("stale_days", ["INSERT", "DELETE"]), ("stale_track_days", ["INSERT", "DELETE"])]
        return tables.flatMap { table, events in
            events.map { event in
                let name = "\(table)_\(event.lowercased())_generation"
                return (dropFirst ? "DROP TRIGGER \(name);\n" : "") + (firstChangeOnly
                    ? "CREATE TRIGGER \(name) AFTER \(event) ON \(table) WHEN (SELECT changed FROM aggregate_generation) = 0 BEGIN UPDATE aggregate_generation SET n = n + 1, changed = 1; END;\n"
                    : "CREATE TRIGGER \(name) AFTER \(event) ON \(table) BEGIN UPDATE aggregate_generation SET n = n + 1; END;\n")
            }
        }.joined()
    }

    /// `photo_places`: each photo's place with a hand-set one on top, the id and name of each
    /// of `levels`. Written out once in migration 1 (shipped, so left as it is), made here for
    /// every migration that adds a level since.
    static func placesView(levels: [String]) -> String {
        let columns = levels.flatMap { level in
            ["id", "name"].map { "CASE WHEN o.photo_id IS NULL THEN p.\(level)_\($0) ELSE o.\(level)_\($0) END AS \(level)_\($0)" }
        }
        return """
            CREATE VIEW photo_places AS
            SELECT p.id AS photo_id, p.path, p.missing_since,
                   \(columns.joined(separator: ",\n       ")),
                   o.photo_id IS NOT NULL AS overridden
            FROM photos p LEFT JOIN overrides o ON o.photo_id = p.id;
            """
    }

    /// The indexes an import into an empty log drops and builds once at its end, as bulk loads
    /// do: the one that finds a moved photo by its fingerprint (migration 1), whose random keys
    /// make 100,000 inserts dirty most of its pages at every commit, and the one that finds a
    /// date's photos (migration 5), which only the refresh of the aggregates at the end needs
    /// (no photo can have moved into an empty log). A writer's open builds them too, should that
    /// import have been killed before the end.
    static let bulkLoadIndexes = [
        ("photos_fingerprint", "CREATE INDEX IF NOT EXISTS photos_fingerprint ON photos(fingerprint, size) WHERE fingerprint IS NOT NULL"),
        ("photos_day", "CREATE INDEX IF NOT EXISTS photos_day ON photos(substr(taken_local, 1, 10))"),
    ]

    public func dropBulkLoadIndexes() throws {
        try write { for (name, _) in Self.bulkLoadIndexes { try database.execute("DROP INDEX IF EXISTS \(name)") } }
    }

    /// Builds the bulk-load indexes when missing. Outside a transaction on purpose: when they are
    /// there, SQLite then takes no write lock, so every writer can afford the check.
    public func restoreBulkLoadIndexes() throws {
        try endReading()
        // A log older than migration 5 has no aggregates to index for yet.
        let version = try schemaVersion()
        for (name, sql) in Self.bulkLoadIndexes where name != "photos_day" || version >= 5 { try database.execute(sql) }
    }

    /// `PRAGMA user_version`: how many migrations the file has.
    public func schemaVersion() throws -> Int {
        try database.prepare("PRAGMA user_version").scalarInt() ?? 0
    }

    /// Applies the missing migrations in one transaction with the version bump, so another
    /// process sees the file at the version it had or at the newest one, never between: a
    /// reader that opens the log during a first import finds no tables (an empty log) or all
    /// of them.
    func migrate() throws {
        let current = try schemaVersion()
        guard current <= Self.migrations.count else { throw TravelLogError.newerSchema(path, current) }
        let identified = try database.prepare("PRAGMA application_id").scalarInt() == Int(Self.applicationID)
        guard current < Self.migrations.count || !identified else { return }
        try database.transaction {
            // Another process may have migrated while this one waited for the lock.
            let version = try schemaVersion()
            guard version <= Self.migrations.count else { throw TravelLogError.newerSchema(path, version) }
            for migration in Self.migrations[version...] { try database.execute(migration) }
            try database.execute("PRAGMA user_version = \(Self.migrations.count); PRAGMA application_id = \(Self.applicationID)")
        }
    }
}
