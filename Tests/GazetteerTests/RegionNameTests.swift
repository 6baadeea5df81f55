import Gazetteer
import Testing

/// Regions by the English names travellers write, chosen from common English usage (guidebooks,
/// English-language encyclopaedias), not from the gazetteer: each row a region, the name a
/// traveller writes, and the source's own name, which stays findable as the native name.
@Suite struct RegionNameTests {
    let gazetteer = try! Gazetteer.open()

    /// (region id, English name, native name as the source writes it, or nil when they agree).
    static let rows: [(id: String, english: String, native: String?)] = [
        ("CN.22", "Beijing", "Beijing Shi"), ("CN.23", "Shanghai", "Shanghai Shi"), ("CN.30", "Guangdong", "Guangdong Sheng"),
        ("CN.32", "Sichuan", "Sichuan Sheng"), ("CN.14", "Tibet", "Xizang Zizhiqu"), ("CN.20", "Inner Mongolia", "Nei Mongol Zizhiqu"),
        ("ZA.02", "KwaZulu-Natal", nil), ("CH.BE", "Bern", "Berne"), ("CH.GE", "Geneva", "Genève"), ("CH.LU", "Lucerne", "Luzern"),
        ("RU.42", "Leningrad Oblast", "Leningradskaya oblast'"), ("RU.47", "Moscow Oblast", "Moskovskaya oblast'"),
        ("RU.48", "Moscow", "Moskva"), ("RU.66", "Saint Petersburg", "Sankt-Peterburg"), ("RU.73", "Tatarstan", "Respublika Tatarstan"),
        ("TH.40", "Bangkok", "Krung Thep Maha Nakhon"), ("GR.ESYE31", "Attica", "Attikí"), ("GR.ESYE43", "Crete", "Kríti"),
        ("RE.RE", "Réunion", nil), ("DE.02", "Bavaria", "Bayern"), ("DE.07", "North Rhine-Westphalia", "Nordrhein-Westfalen"),
        ("DE.06", "Lower Saxony", "Niedersachsen"), ("AT.09", "Vienna", "Wien"), ("AT.07", "Tyrol", "Tirol"),
        ("IT.09", "Lombardy", "Lombardia"), ("IT.16", "Tuscany", "Toscana"), ("IT.15", "Sicily", "Sicilia"),
        ("IT.14", "Sardinia", "Sardegna"), ("IT.12", "Piedmont", "Piemonte"), ("IT.07", "Lazio", nil),
        ("ES.56", "Catalonia", "Catalunya"), ("ES.51", "Andalusia", "Andalucía"), ("ES.07", "Balearic Islands", "Illes Balears"),
        ("ES.53", "Canary Islands", "Canarias"), ("ES.59", "Basque Country", "País Vasco"), ("PT.14", "Lisbon", "Lisboa"),
        ("PT.23", "Azores", "Região Autónoma dos Açores"), ("BE.VLG", "Flanders", "Vlaams Gewest"), ("BE.BRU", "Brussels", "Région de Bruxelles-Capitale"),
        ("CZ.52", "Prague", "Hlavní město Praha"), ("CZ.78", "South Moravian Region", "Jihomoravský kraj"),
        ("SE.26", "Stockholm County", "Stockholms län"), ("FI.19", "Lapland", "Lappi"), ("HR.15", "Split-Dalmatia County", "Splitsko-dalmatinska županija"),
        ("KR.11", "Seoul", "Seoul-teukbyeolsi"), ("KR.01", "Jeju", "Jeju-teukbyeoljachido"), ("MX.09", "Mexico City", "Ciudad de México"),
        ("ID.30", "West Java", "Jawa Barat"), ("IL.06", "Jerusalem", "Al Quds"), ("AE.03", "Dubai", "Dubayy"), ("EG.11", "Cairo", "Al Qāhirah"),
        ("UA.13", "Kyiv Oblast", "Kyivska oblast"), ("NL.07", "North Holland", "Noord-Holland"), ("FR.53", "Brittany", "Bretagne"),
        ("FR.28", "Normandy", "Normandie"), ("KH.24", "Siem Reap", "Siem Reab"), ("CY.05", "Limassol", "Lemesos"),
        ("US.CA", "California", nil), ("JP.40", "Tokyo", nil), ("FR.11", "Île-de-France", nil),
    ]

    @Test func regionsHaveTheNamesTravellersWrite() throws {
        #expect(Self.rows.count == 60)
        for row in Self.rows {
            let id = try #require(PlaceID("region:" + row.id))
            let place = try #require(try gazetteer.place(id), "region:\(row.id)")
            #expect(place.name == row.english, "region:\(row.id)")
            #expect(place.nativeName == row.native, "region:\(row.id)")
        }
    }

    /// Native names by identifier, for the export: regions with one only.
    @Test func nativeNamesOfSeveralRegionsAtOnce() throws {
        let ids = ["region:DE.02", "region:FR.84", "region:CN.22", "country:DE"].compactMap { PlaceID($0) }
        #expect(try gazetteer.nativeNames(of: ids) == [PlaceID(.region, "DE.02"): "Bayern", PlaceID(.region, "CN.22"): "Beijing Shi"])
        #expect(try gazetteer.nativeNames(of: []).isEmpty)
    }

    /// The native name still finds the region.
    @Test func theNativeNameFindsTheRegion() throws {
        for row in Self.rows.prefix(30) {
            guard let native = row.native else { continue }
            let hits = try gazetteer.search(SearchQuery(text: native, kind: .region, limit: 5)).map(\.place.id.description)
            #expect(hits.contains("region:" + row.id), "\(native): \(hits)")
        }
    }
}
