import Gazetteer
import Testing
@testable import Resolver

/// The city a traveller names, checked on a hand-written table of places: a landmark inside a
/// large city is that city (the Colosseum is in Rome, not Campitelli), a separate municipality
/// next to a large city is itself (Villeurbanne, not Lyon), and a small town far from any
/// large city is itself (Hallstatt). Every row names the GeoNames id it expects; zero misses
/// allowed.
///
/// One row per line, `(place, latitude, longitude, geonameid, city name, category, source)`, so
/// scripts can read the table too.
@Suite struct TravellerCityTests {
    enum Category: String, CaseIterable {
        /// A famous place inside a large city: the answer is the city.
        case landmark
        /// A separate municipality right next to a large city: the answer is itself.
        case suburb
        /// A small town or village far (> 30 km) from any large city: the answer is itself.
        case town
    }

    typealias Row = (place: String, latitude: Double, longitude: Double, geonameID: Int, name: String, category: Category, source: String)

    static let minimumRows = 110
    static let minimumPerCategory: [Category: Int] = [.landmark: 60, .suburb: 25, .town: 20]

    private func resolve(_ row: Row) throws -> PlaceChain {
        try ResolverTests.resolver.resolve(GeoCoordinate(latitude: row.latitude, longitude: row.longitude))
    }

    @Test func everyPlaceResolvesToTheCityATravellerNames() throws {
        for row in travellerPlaces {
            let chain = try resolve(row)
            #expect(chain.city?.id == PlaceID(.city, String(row.geonameID)),
                    "\(row.place): got \(chain.city?.name ?? "nil") (\(chain.city.map { "\($0.id)" } ?? "no city")), expected \(row.name) (city:\(row.geonameID))")
        }
    }

    /// A landmark's district, when the resolver gives one, belongs to the landmark's city.
    @Test func aLandmarksDistrictBelongsToItsCity() throws {
        for row in travellerPlaces where row.category == .landmark {
            guard let district = try resolve(row).district else { continue }
            #expect(district.id.kind == .district, "\(row.place): district \(district.id) is not a district: identifier")
            let lineage = try ResolverTests.gazetteer.place(district.id)?.lineage.map(\.id) ?? []
            #expect(lineage.contains(PlaceID(.city, String(row.geonameID))),
                    "\(row.place): district \(district.name) (\(district.id)) has lineage \(lineage), expected it inside \(row.name) (city:\(row.geonameID))")
        }
    }

    /// The table itself, from the gazetteer alone: every expected city exists under that name,
    /// no place or coordinate is listed twice, and each category has its minimum.
    @Test func theTableIsSound() throws {
        let gazetteer = ResolverTests.gazetteer
        var continents = Set<PlaceID>()
        for row in travellerPlaces {
            let place = try gazetteer.place(PlaceID(.city, String(row.geonameID)))
            #expect(place?.name == row.name, "\(row.place): city:\(row.geonameID) is \(place?.name ?? "missing"), the table says \(row.name)")
            #expect((-90...90).contains(row.latitude) && (-180...180).contains(row.longitude), "\(row.place): coordinate out of range")
            #expect(!row.source.isEmpty, "\(row.place): no source")
            if row.category == .landmark, let continent = place?.ancestor(.continent)?.id { continents.insert(continent) }
        }
        #expect(travellerPlaces.count >= Self.minimumRows, "\(travellerPlaces.count) rows, at least \(Self.minimumRows) wanted")
        for category in Category.allCases {
            let count = travellerPlaces.filter { $0.category == category }.count
            #expect(count >= Self.minimumPerCategory[category]!, "\(count) \(category) rows, at least \(Self.minimumPerCategory[category]!) wanted")
        }
        let names = Dictionary(grouping: travellerPlaces, by: \.place).filter { $0.value.count > 1 }.keys.sorted()
        #expect(names.isEmpty, "places listed twice: \(names)")
        let points = Dictionary(grouping: travellerPlaces) { "\($0.latitude),\($0.longitude)" }.filter { $0.value.count > 1 }.keys.sorted()
        #expect(points.isEmpty, "coordinates listed twice: \(points)")
        let inhabited: Set<PlaceID> = Set(["EU", "AS", "AF", "NA", "SA", "OC"].map { PlaceID(.continent, $0) })
        #expect(inhabited.isSubset(of: continents), "landmarks on \(continents.sorted()), wanted every one of \(inhabited.sorted())")
    }
}

private let travellerPlaces: [TravellerCityTests.Row] = [
    ("Colosseum", 41.8902, 12.4922, 3169070, "Rome", .landmark, "Wikipedia coordinates; GeoNames 3169070 Rome (IT.07, pop. 2318895)"),
    ("Trevi Fountain", 41.9009, 12.4833, 3169070, "Rome", .landmark, "Wikipedia coordinates; GeoNames 3169070 Rome (IT.07, pop. 2318895)"),
    ("Eiffel Tower", 48.8584, 2.2945, 2988507, "Paris", .landmark, "Wikipedia coordinates; GeoNames 2988507 Paris (FR.11, pop. 2138551)"),
    ("Place de la Bastille", 48.8532, 2.3692, 2988507, "Paris", .landmark, "Wikipedia coordinates; GeoNames 2988507 Paris (FR.11, pop. 2138551)"),
    ("Sacré-Cœur, Montmartre", 48.8867, 2.3431, 2988507, "Paris", .landmark, "Wikipedia coordinates; GeoNames 2988507 Paris (FR.11, pop. 2138551)"),
    ("Basilica of Notre-Dame de Fourvière", 45.7623, 4.8226, 2996944, "Lyon", .landmark, "Wikipedia coordinates; GeoNames 2996944 Lyon (FR.84, pop. 520774)"),
    ("Big Ben", 51.5007, -0.1246, 2643743, "London", .landmark, "Wikipedia coordinates; GeoNames 2643743 London (GB.ENG, pop. 8961989)"),
    ("Tower of London", 51.5081, -0.0759, 2643743, "London", .landmark, "Wikipedia coordinates; GeoNames 2643743 London (GB.ENG, pop. 8961989)"),
    ("Brandenburg Gate", 52.5163, 13.3777, 2950159, "Berlin", .landmark, "Wikipedia coordinates; GeoNames 2950159 Berlin (DE.16, pop. 3426354)"),
    ("Sagrada Família", 41.4036, 2.1744, 3128760, "Barcelona", .landmark, "Wikipedia coordinates; GeoNames 3128760 Barcelona (ES.56, pop. 1686208)"),
    ("Milan Cathedral", 45.4642, 9.1916, 3173435, "Milan", .landmark, "Wikipedia coordinates; GeoNames 3173435 Milan (IT.09, pop. 1371498)"),
    ("Prague Castle", 50.0911, 14.4016, 3067696, "Prague", .landmark, "Wikipedia coordinates; GeoNames 3067696 Prague (CZ.52, pop. 1165581)"),
    ("St. Stephen's Cathedral, Vienna", 48.2085, 16.3731, 2761369, "Vienna", .landmark, "Wikipedia coordinates; GeoNames 2761369 Vienna (AT.09, pop. 1691468)"),
    ("Hagia Sophia", 41.0086, 28.9802, 745044, "Istanbul", .landmark, "Wikipedia coordinates; GeoNames 745044 Istanbul (TR.34, pop. 15701602)"),
    ("Moscow Kremlin", 55.7520, 37.6175, 524901, "Moscow", .landmark, "Wikipedia coordinates; GeoNames 524901 Moscow (RU.48, pop. 10381222)"),
    ("Praça do Comércio", 38.7075, -9.1364, 2267057, "Lisbon", .landmark, "Wikipedia coordinates; GeoNames 2267057 Lisbon (PT.14, pop. 517802)"),
    ("Alfama, Lisbon", 38.7118, -9.1300, 2267057, "Lisbon", .landmark, "Wikipedia coordinates; GeoNames 2267057 Lisbon (PT.14, pop. 517802)"),
    ("Dam Square", 52.3731, 4.8926, 2759794, "Amsterdam", .landmark, "Wikipedia coordinates; GeoNames 2759794 Amsterdam (NL.07, pop. 741636)"),
    ("Marienplatz", 48.1374, 11.5755, 2867714, "Munich", .landmark, "Wikipedia coordinates; GeoNames 2867714 Munich (DE.02, pop. 1505005)"),
    ("Old Town Market Place, Warsaw", 52.2497, 21.0122, 756135, "Warsaw", .landmark, "Wikipedia coordinates; GeoNames 756135 Warsaw (PL.78, pop. 1702139)"),
    ("Nyhavn", 55.6798, 12.5907, 2618425, "Copenhagen", .landmark, "Wikipedia coordinates; GeoNames 2618425 Copenhagen (DK.17, pop. 1153615)"),
    ("Acropolis of Athens", 37.9715, 23.7257, 264371, "Athens", .landmark, "Wikipedia coordinates; GeoNames 264371 Athens (GR.ESYE31, pop. 664046)"),
    ("Plaza Mayor, Madrid", 40.4155, -3.7074, 3117735, "Madrid", .landmark, "Wikipedia coordinates; GeoNames 3117735 Madrid (ES.29, pop. 3255944)"),
    ("Grand-Place, Brussels", 50.8467, 4.3525, 2800866, "Brussels", .landmark, "Wikipedia coordinates; GeoNames 2800866 Brussels (BE.BRU, pop. 1019022)"),
    ("Edinburgh Castle", 55.9486, -3.1999, 2650225, "Edinburgh", .landmark, "Wikipedia coordinates; GeoNames 2650225 Edinburgh (GB.SCT, pop. 514990)"),
    ("Trinity College Dublin", 53.3438, -6.2546, 2964574, "Dublin", .landmark, "Wikipedia coordinates; GeoNames 2964574 Dublin (IE.L, pop. 1024027)"),
    ("Hungarian Parliament Building", 47.5071, 19.0456, 3054643, "Budapest", .landmark, "Wikipedia coordinates; GeoNames 3054643 Budapest (HU.05, pop. 1741041)"),
    ("Stortorget, Gamla stan", 59.3251, 18.0707, 2673730, "Stockholm", .landmark, "Wikipedia coordinates; GeoNames 2673730 Stockholm (SE.26, pop. 1515017)"),
    ("Royal Palace, Oslo", 59.9169, 10.7276, 3143244, "Oslo", .landmark, "Wikipedia coordinates; GeoNames 3143244 Oslo (NO.12, pop. 1082575)"),
    ("Helsinki Cathedral", 60.1704, 24.9522, 658225, "Helsinki", .landmark, "Wikipedia coordinates; GeoNames 658225 Helsinki (FI.01, pop. 658864)"),
    ("Hamburg Rathaus", 53.5503, 9.9925, 2911298, "Hamburg", .landmark, "Wikipedia coordinates; GeoNames 2911298 Hamburg (DE.04, pop. 1973896)"),
    ("Cologne Cathedral", 50.9413, 6.9583, 2886242, "Köln", .landmark, "Wikipedia coordinates; GeoNames 2886242 Köln (DE.07, pop. 1024621)"),
    ("Grossmünster", 47.3700, 8.5441, 2657896, "Zürich", .landmark, "Wikipedia coordinates; GeoNames 2657896 Zürich (CH.ZH, pop. 415367)"),
    ("Piazza San Marco", 45.4341, 12.3388, 3164603, "Venice", .landmark, "Wikipedia coordinates; GeoNames 3164603 Venice (IT.20, pop. 51298)"),
    ("Florence Cathedral", 43.7731, 11.2560, 3176959, "Florence", .landmark, "Wikipedia coordinates; GeoNames 3176959 Florence (IT.16, pop. 367150)"),
    ("Maidan Nezalezhnosti", 50.4501, 30.5234, 703448, "Kyiv", .landmark, "Wikipedia coordinates; GeoNames 703448 Kyiv (UA.12, pop. 2952301)"),
    ("Hermitage Museum", 59.9398, 30.3146, 498817, "Saint Petersburg", .landmark, "Wikipedia coordinates; GeoNames 498817 Saint Petersburg (RU.66, pop. 5351935)"),
    ("Shibuya Crossing", 35.6595, 139.7005, 1850147, "Tokyo", .landmark, "Wikipedia coordinates; GeoNames 1850147 Tokyo (JP.40, pop. 9733276)"),
    ("Shinjuku Station", 35.6896, 139.7006, 1850147, "Tokyo", .landmark, "Wikipedia coordinates; GeoNames 1850147 Tokyo (JP.40, pop. 9733276)"),
    ("Sensō-ji, Asakusa", 35.7148, 139.7967, 1850147, "Tokyo", .landmark, "Wikipedia coordinates; GeoNames 1850147 Tokyo (JP.40, pop. 9733276)"),
    ("Kiyomizu-dera", 34.9949, 135.7850, 1857910, "Kyoto", .landmark, "Wikipedia coordinates; GeoNames 1857910 Kyoto (JP.22, pop. 1463723)"),
    ("Osaka Castle", 34.6873, 135.5262, 1853909, "Osaka", .landmark, "Wikipedia coordinates; GeoNames 1853909 Osaka (JP.32, pop. 2753862)"),
    ("Gateway of India", 18.9220, 72.8347, 1275339, "Mumbai", .landmark, "Wikipedia coordinates; GeoNames 1275339 Mumbai (IN.16, pop. 12691836)"),
    ("Red Fort", 28.6562, 77.2410, 1273294, "Delhi", .landmark, "Wikipedia coordinates; GeoNames 1273294 Delhi (IN.07, pop. 11034555)"),
    ("Victoria Memorial, Kolkata", 22.5448, 88.3426, 1275004, "Kolkata", .landmark, "Wikipedia coordinates; GeoNames 1275004 Kolkata (IN.28, pop. 4631392)"),
    ("Forbidden City", 39.9169, 116.3907, 1816670, "Beijing", .landmark, "Wikipedia coordinates; GeoNames 1816670 Beijing (CN.22, pop. 18960744)"),
    ("The Bund", 31.2385, 121.4875, 1796236, "Shanghai", .landmark, "Wikipedia coordinates; GeoNames 1796236 Shanghai (CN.23, pop. 24874500)"),
    ("Gyeongbokgung", 37.5796, 126.9770, 1835848, "Seoul", .landmark, "Wikipedia coordinates; GeoNames 1835848 Seoul (KR.11, pop. 10349312)"),
    ("Statue Square, Central", 22.2810, 114.1600, 1819729, "Hong Kong", .landmark, "Wikipedia coordinates; GeoNames 1819729 Hong Kong (None, pop. 7396076)"),
    ("Victoria Peak", 22.2759, 114.1455, 1819729, "Hong Kong", .landmark, "Wikipedia coordinates; GeoNames 1819729 Hong Kong (None, pop. 7396076)"),
    ("Marina Bay Sands", 1.2834, 103.8607, 1880252, "Singapore", .landmark, "Wikipedia coordinates; GeoNames 1880252 Singapore (None, pop. 5638700)"),
    ("Grand Palace, Bangkok", 13.7500, 100.4913, 1609350, "Bangkok", .landmark, "Wikipedia coordinates; GeoNames 1609350 Bangkok (TH.40, pop. 5104476)"),
    ("Burj Khalifa", 25.1972, 55.2744, 292223, "Dubai", .landmark, "Wikipedia coordinates; GeoNames 292223 Dubai (AE.03, pop. 3790000)"),
    ("Petronas Towers", 3.1579, 101.7116, 1735161, "Kuala Lumpur", .landmark, "Wikipedia coordinates; GeoNames 1735161 Kuala Lumpur (MY.14, pop. 1453975)"),
    ("Taipei 101", 25.0340, 121.5645, 1668341, "Taipei", .landmark, "Wikipedia coordinates; GeoNames 1668341 Taipei (TW.04, pop. 7871900)"),
    ("Hanoi Opera House", 21.0245, 105.8575, 1581130, "Hanoi", .landmark, "Wikipedia coordinates; GeoNames 1581130 Hanoi (VN.01, pop. 8053663)"),
    ("Bến Thành Market", 10.7725, 106.6980, 1566083, "Ho Chi Minh City", .landmark, "Wikipedia coordinates; GeoNames 1566083 Ho Chi Minh City (VN.79, pop. 14002598)"),
    ("National Monument (Monas)", -6.1754, 106.8272, 1642911, "Jakarta", .landmark, "Wikipedia coordinates; GeoNames 1642911 Jakarta (ID.04, pop. 8540121)"),
    ("Rizal Park", 14.5826, 120.9787, 1701668, "Manila", .landmark, "Wikipedia coordinates; GeoNames 1701668 Manila (PH.NCR, pop. 1600000)"),
    ("Kathmandu Durbar Square", 27.7042, 85.3067, 1283240, "Kathmandu", .landmark, "Wikipedia coordinates; GeoNames 1283240 Kathmandu (NP.3, pop. 1442271)"),
    ("Azadi Tower", 35.6997, 51.3380, 112931, "Tehran", .landmark, "Wikipedia coordinates; GeoNames 112931 Tehran (IR.26, pop. 7153309)"),
    ("Tahrir Square", 30.0444, 31.2357, 360630, "Cairo", .landmark, "Wikipedia coordinates; GeoNames 360630 Cairo (EG.11, pop. 9606916)"),
    ("V&A Waterfront", -33.9036, 18.4207, 3369157, "Cape Town", .landmark, "Wikipedia coordinates; GeoNames 3369157 Cape Town (ZA.11, pop. 4772846)"),
    ("Table Mountain Aerial Cableway lower station", -33.9488, 18.4030, 3369157, "Cape Town", .landmark, "Wikipedia coordinates; GeoNames 3369157 Cape Town (ZA.11, pop. 4772846)"),
    ("Jemaa el-Fnaa", 31.6258, -7.9891, 2542997, "Marrakesh", .landmark, "Wikipedia coordinates; GeoNames 2542997 Marrakesh (MA.07, pop. 995871)"),
    ("Kenyatta International Convention Centre", -1.2883, 36.8233, 184745, "Nairobi", .landmark, "Wikipedia coordinates; GeoNames 184745 Nairobi (KE.05, pop. 4397073)"),
    ("Constitution Hill, Johannesburg", -26.1895, 28.0425, 993800, "Johannesburg", .landmark, "Wikipedia coordinates; GeoNames 993800 Johannesburg (ZA.06, pop. 9418183)"),
    ("Meskel Square", 9.0106, 38.7614, 344979, "Addis Ababa", .landmark, "Wikipedia coordinates; GeoNames 344979 Addis Ababa (ET.44, pop. 3860000)"),
    ("Medina of Tunis", 36.7990, 10.1706, 2464470, "Tunis", .landmark, "Wikipedia coordinates; GeoNames 2464470 Tunis (TN.36, pop. 693210)"),
    ("Independence Square, Accra", 5.5483, -0.1925, 2306104, "Accra", .landmark, "Wikipedia coordinates; GeoNames 2306104 Accra (GH.01, pop. 1963264)"),
    ("Times Square", 40.7580, -73.9855, 5128581, "New York City", .landmark, "Wikipedia coordinates; GeoNames 5128581 New York City (US.NY, pop. 8804190)"),
    ("Bethesda Terrace, Central Park", 40.7740, -73.9708, 5128581, "New York City", .landmark, "Wikipedia coordinates; GeoNames 5128581 New York City (US.NY, pop. 8804190)"),
    ("DUMBO, Brooklyn", 40.7033, -73.9894, 5128581, "New York City", .landmark, "Wikipedia coordinates; GeoNames 5128581 New York City (US.NY, pop. 8804190)"),
    ("Golden Gate Park", 37.7715, -122.4687, 5391959, "San Francisco", .landmark, "Wikipedia coordinates; GeoNames 5391959 San Francisco (US.CA, pop. 827526)"),
    ("Hollywood Walk of Fame", 34.1016, -118.3267, 5368361, "Los Angeles", .landmark, "Wikipedia coordinates; GeoNames 5368361 Los Angeles (US.CA, pop. 3820914)"),
    ("Willis Tower", 41.8789, -87.6359, 4887398, "Chicago", .landmark, "Wikipedia coordinates; GeoNames 4887398 Chicago (US.IL, pop. 2664452)"),
    ("CN Tower", 43.6426, -79.3871, 6167865, "Toronto", .landmark, "Wikipedia coordinates; GeoNames 6167865 Toronto (CA.08, pop. 2794356)"),
    ("Zócalo", 19.4326, -99.1332, 3530597, "Mexico City", .landmark, "Wikipedia coordinates; GeoNames 3530597 Mexico City (MX.09, pop. 12294193)"),
    ("Fenway Park", 42.3467, -71.0972, 4930956, "Boston", .landmark, "Wikipedia coordinates; GeoNames 4930956 Boston (US.MA, pop. 653833)"),
    ("Lincoln Memorial", 38.8893, -77.0502, 4140963, "Washington", .landmark, "Wikipedia coordinates; GeoNames 4140963 Washington (US.DC, pop. 689545)"),
    ("Space Needle", 47.6205, -122.3493, 5809844, "Seattle", .landmark, "Wikipedia coordinates; GeoNames 5809844 Seattle (US.WA, pop. 780995)"),
    ("Notre-Dame Basilica of Montreal", 45.5045, -73.5562, 6077243, "Montréal", .landmark, "Wikipedia coordinates; GeoNames 6077243 Montréal (CA.10, pop. 1762949)"),
    ("Gastown Steam Clock", 49.2844, -123.1089, 6173331, "Vancouver", .landmark, "Wikipedia coordinates; GeoNames 6173331 Vancouver (CA.02, pop. 662248)"),
    ("El Capitolio, Havana", 23.1352, -82.3596, 3553478, "Havana", .landmark, "Wikipedia coordinates; GeoNames 3553478 Havana (CU.02, pop. 2163824)"),
    ("Jackson Square, New Orleans", 29.9574, -90.0629, 4335045, "New Orleans", .landmark, "Wikipedia coordinates; GeoNames 4335045 New Orleans (US.LA, pop. 362701)"),
    ("The Alamo", 29.4260, -98.4861, 4726206, "San Antonio", .landmark, "Wikipedia coordinates; GeoNames 4726206 San Antonio (US.TX, pop. 1526656)"),
    ("Copacabana Beach", -22.9711, -43.1822, 3451190, "Rio de Janeiro", .landmark, "Wikipedia coordinates; GeoNames 3451190 Rio de Janeiro (BR.21, pop. 6747815)"),
    ("Christ the Redeemer", -22.9519, -43.2105, 3451190, "Rio de Janeiro", .landmark, "Wikipedia coordinates; GeoNames 3451190 Rio de Janeiro (BR.21, pop. 6747815)"),
    ("Avenida Paulista (MASP)", -23.5614, -46.6559, 3448439, "São Paulo", .landmark, "Wikipedia coordinates; GeoNames 3448439 São Paulo (BR.27, pop. 12400232)"),
    ("Obelisco de Buenos Aires", -34.6037, -58.3816, 3435910, "Buenos Aires", .landmark, "Wikipedia coordinates; GeoNames 3435910 Buenos Aires (AR.07, pop. 2891082)"),
    ("Plaza de Armas, Lima", -12.0464, -77.0300, 3936456, "Lima", .landmark, "Wikipedia coordinates; GeoNames 3936456 Lima (PE.LMA, pop. 7737002)"),
    ("Palacio de La Moneda", -33.4429, -70.6540, 3871336, "Santiago", .landmark, "Wikipedia coordinates; GeoNames 3871336 Santiago (CL.12, pop. 4837295)"),
    ("Plaza de Bolívar, Bogotá", 4.5981, -74.0760, 3688689, "Bogotá", .landmark, "Wikipedia coordinates; GeoNames 3688689 Bogotá (CO.34, pop. 7674366)"),
    ("Plaza Grande, Quito", -0.2201, -78.5123, 3652462, "Quito", .landmark, "Wikipedia coordinates; GeoNames 3652462 Quito (EC.18, pop. 2781641)"),
    ("Plaza Independencia, Montevideo", -34.9067, -56.1995, 3441575, "Montevideo", .landmark, "Wikipedia coordinates; GeoNames 3441575 Montevideo (UY.10, pop. 1270737)"),
    ("Sydney Opera House", -33.8568, 151.2153, 2147714, "Sydney", .landmark, "Wikipedia coordinates; GeoNames 2147714 Sydney (AU.02, pop. 5638830)"),
    ("Federation Square", -37.8180, 144.9691, 2158177, "Melbourne", .landmark, "Wikipedia coordinates; GeoNames 2158177 Melbourne (AU.07, pop. 5435590)"),
    ("Sky Tower", -36.8485, 174.7622, 2193733, "Auckland", .landmark, "Wikipedia coordinates; GeoNames 2193733 Auckland (NZ.E7, pop. 1547200)"),
    ("Queen Street Mall, Brisbane", -27.4698, 153.0251, 2174003, "Brisbane", .landmark, "Wikipedia coordinates; GeoNames 2174003 Brisbane (AU.04, pop. 2780063)"),
    ("Forrest Place, Perth", -31.9515, 115.8590, 2063523, "Perth", .landmark, "Wikipedia coordinates; GeoNames 2063523 Perth (AU.08, pop. 2384371)"),
    ("The Beehive, Wellington", -41.2784, 174.7767, 2179537, "Wellington", .landmark, "Wikipedia coordinates; GeoNames 2179537 Wellington (NZ.G2, pop. 381900)"),
    ("Neuilly-sur-Seine town hall", 48.8846, 2.2686, 2990611, "Neuilly-sur-Seine", .suburb, "town hall; GeoNames 2990611 Neuilly-sur-Seine (FR.11, pop. 61300)"),
    ("Montreuil town hall", 48.8620, 2.4418, 2992090, "Montreuil", .suburb, "town hall; GeoNames 2992090 Montreuil (FR.11, pop. 111240)"),
    ("Boulogne-Billancourt town hall", 48.8353, 2.2410, 3031137, "Boulogne-Billancourt", .suburb, "town hall; GeoNames 3031137 Boulogne-Billancourt (FR.11, pop. 108782)"),
    ("Saint-Denis Basilica", 48.9356, 2.3596, 2980916, "Saint-Denis", .suburb, "Wikipedia coordinates; GeoNames 2980916 Saint-Denis (FR.11, pop. 96128)"),
    ("Vincennes town centre", 48.8485, 2.4380, 2968054, "Vincennes", .suburb, "town centre; GeoNames 2968054 Vincennes (FR.11, pop. 45923)"),
    ("Villeurbanne town hall", 45.7665, 4.8795, 2968254, "Villeurbanne", .suburb, "town hall; GeoNames 2968254 Villeurbanne (FR.84, pop. 131445)"),
    ("Charlottenlund, seat of Gentofte Municipality", 55.7514, 12.5727, 2623188, "Charlottenlund", .suburb, "town centre (the gazetteer has no Gentofte entry); GeoNames 2623188 Charlottenlund (DK.17, pop. 40000)"),
    ("Frederiksberg town hall", 55.6786, 12.5317, 2621942, "Frederiksberg", .suburb, "town hall; GeoNames 2621942 Frederiksberg (DK.17, pop. 95029)"),
    ("West Hollywood city hall", 34.0900, -118.3617, 5408076, "West Hollywood", .suburb, "city hall; GeoNames 5408076 West Hollywood (US.CA, pop. 36222)"),
    ("Culver City city hall", 34.0211, -118.3965, 5341114, "Culver City", .suburb, "city hall; GeoNames 5341114 Culver City (US.CA, pop. 39717)"),
    ("Santa Monica city hall", 34.0120, -118.4911, 5393212, "Santa Monica", .suburb, "city hall; GeoNames 5393212 Santa Monica (US.CA, pop. 93220)"),
    ("Beverly Hills city hall", 34.0735, -118.4004, 5328041, "Beverly Hills", .suburb, "city hall; GeoNames 5328041 Beverly Hills (US.CA, pop. 34869)"),
    ("Pasadena city hall", 34.1478, -118.1445, 5381396, "Pasadena", .suburb, "city hall; GeoNames 5381396 Pasadena (US.CA, pop. 142250)"),
    ("Cambridge city hall (Central Square)", 42.3673, -71.1056, 4931972, "Cambridge", .suburb, "city hall; GeoNames 4931972 Cambridge (US.MA, pop. 110402)"),
    ("Somerville city hall", 42.3876, -71.0995, 4951257, "Somerville", .suburb, "city hall; GeoNames 4951257 Somerville (US.MA, pop. 80318)"),
    ("Brookline Village", 42.3327, -71.1209, 4931482, "Brookline", .suburb, "town centre; GeoNames 4931482 Brookline (US.MA, pop. 58732)"),
    ("Kawaguchi city hall", 35.8077, 139.7241, 1859730, "Kawaguchi", .suburb, "city hall; GeoNames 1859730 Kawaguchi (JP.34, pop. 607373)"),
    ("Kawasaki city hall", 35.5308, 139.7029, 1859642, "Kawasaki", .suburb, "city hall; GeoNames 1859642 Kawasaki (JP.19, pop. 1538262)"),
    ("Fürth town hall", 49.4771, 10.9887, 2923544, "Fürth", .suburb, "town hall; GeoNames 2923544 Fürth (DE.02, pop. 132036)"),
    ("Potsdam Old Market", 52.3906, 13.0645, 2852458, "Potsdam", .suburb, "town centre; GeoNames 2852458 Potsdam (DE.11, pop. 184754)"),
    ("L'Hospitalet de Llobregat town hall", 41.3597, 2.0997, 3120619, "L'Hospitalet de Llobregat", .suburb, "town hall; GeoNames 3120619 L'Hospitalet de Llobregat (ES.56, pop. 257038)"),
    ("Sesto San Giovanni town hall", 45.5338, 9.2315, 3166598, "Sesto San Giovanni", .suburb, "town hall; GeoNames 3166598 Sesto San Giovanni (IT.09, pop. 81822)"),
    ("Jersey City city hall", 40.7178, -74.0431, 5099836, "Jersey City", .suburb, "city hall; GeoNames 5099836 Jersey City (US.NJ, pop. 264290)"),
    ("Hoboken city hall", 40.7437, -74.0324, 5099133, "Hoboken", .suburb, "city hall; GeoNames 5099133 Hoboken (US.NJ, pop. 53635)"),
    ("Yonkers city hall", 40.9345, -73.8990, 5145215, "Yonkers", .suburb, "city hall; GeoNames 5145215 Yonkers (US.NY, pop. 201116)"),
    ("Fountain Square, Evanston", 42.0479, -87.6809, 4891382, "Evanston", .suburb, "town centre; GeoNames 4891382 Evanston (US.IL, pop. 75527)"),
    ("Oakland city hall", 37.8053, -122.2723, 5378538, "Oakland", .suburb, "city hall; GeoNames 5378538 Oakland (US.CA, pop. 419267)"),
    ("Petaling Jaya centre", 3.1073, 101.6067, 1735158, "Petaling Jaya", .suburb, "city centre; GeoNames 1735158 Petaling Jaya (MY.12, pop. 807879)"),
    ("Quezon City hall", 14.6466, 121.0495, 1692192, "Quezon City", .suburb, "city hall; GeoNames 1692192 Quezon City (PH.NCR, pop. 3084270)"),
    ("Mississauga city centre", 43.5890, -79.6441, 6075357, "Mississauga", .suburb, "city centre; GeoNames 6075357 Mississauga (CA.08, pop. 717961)"),
    ("Niterói centre", -22.8833, -43.1036, 3456283, "Niterói", .suburb, "city centre; GeoNames 3456283 Niterói (BR.21, pop. 456456)"),
    ("Guarulhos centre", -23.4628, -46.5333, 3461786, "Guarulhos", .suburb, "city centre; GeoNames 3461786 Guarulhos (BR.27, pop. 1169577)"),
    ("Giza centre", 30.0131, 31.2089, 360995, "Giza", .suburb, "city centre; GeoNames 360995 Giza (EG.08, pop. 4367343)"),
    ("Salford centre", 53.4875, -2.2901, 2638671, "Salford", .suburb, "town centre; GeoNames 2638671 Salford (GB.ENG, pop. 129794)"),
    ("Gateshead centre", 54.9526, -1.6034, 2648773, "Gateshead", .suburb, "town centre; GeoNames 2648773 Gateshead (GB.ENG, pop. 77649)"),
    ("Espoo centre", 60.2052, 24.6522, 660158, "Espoo", .suburb, "city centre; GeoNames 660158 Espoo (FI.01, pop. 323910)"),
    ("Solna centre", 59.3600, 18.0010, 2675397, "Solna", .suburb, "town centre; GeoNames 2675397 Solna (SE.26, pop. 66909)"),
    ("Lower Hutt town hall", -41.2097, 174.9040, 2188164, "Lower Hutt", .suburb, "town hall; GeoNames 2188164 Lower Hutt (NZ.G2, pop. 114200)"),
    ("Zapopan centre", 20.7236, -103.3848, 3979770, "Zapopan", .suburb, "city centre; GeoNames 3979770 Zapopan (MX.14, pop. 1476491)"),
    ("Hallstatt", 47.5622, 13.6493, 2776943, "Hallstatt", .town, "village centre; GeoNames 2776943 Hallstatt (AT.04, pop. 779)"),
    ("Chamonix", 45.9237, 6.8694, 3027301, "Chamonix-Mont-Blanc", .town, "town centre; GeoNames 3027301 Chamonix-Mont-Blanc (FR.84, pop. 10614)"),
    ("Zermatt", 46.0207, 7.7491, 2657928, "Zermatt", .town, "village centre; GeoNames 2657928 Zermatt (CH.VS, pop. 6629)"),
    ("Grindelwald", 46.6242, 8.0414, 2660498, "Grindelwald", .town, "village centre; GeoNames 2660498 Grindelwald (CH.BE, pop. 3730)"),
    ("Giethoorn", 52.7400, 6.0774, 2755517, "Giethoorn", .town, "village centre; GeoNames 2755517 Giethoorn (NL.15, pop. 2130)"),
    ("Oia, Santorini", 36.4618, 25.3753, 256344, "Oía", .town, "village centre; GeoNames 256344 Oía (GR.ESYE42, pop. 1087)"),
    ("Rothenburg ob der Tauber", 49.3772, 10.1789, 2844056, "Rothenburg ob der Tauber", .town, "town centre; GeoNames 2844056 Rothenburg ob der Tauber (DE.02, pop. 11106)"),
    ("Český Krumlov", 48.8127, 14.3175, 3077889, "Český Krumlov", .town, "town centre; GeoNames 3077889 Český Krumlov (CZ.79, pop. 12797)"),
    ("Bled", 46.3683, 14.1146, 3203925, "Bled", .town, "town centre; GeoNames 3203925 Bled (SI.03, pop. 5181)"),
    ("Dingle", 52.1409, -10.2686, 2964782, "Dingle", .town, "town centre; GeoNames 2964782 Dingle (IE.M, pop. 2050)"),
    ("Banff", 51.1784, -115.5708, 5892532, "Banff", .town, "town centre; GeoNames 5892532 Banff (CA.01, pop. 8305)"),
    ("Moab", 38.5733, -109.5498, 5543307, "Moab", .town, "town centre; GeoNames 5543307 Moab (US.UT, pop. 5235)"),
    ("Taos", 36.4072, -105.5731, 5493811, "Taos", .town, "town centre; GeoNames 5493811 Taos (US.NM, pop. 5740)"),
    ("Jackson, Wyoming", 43.4799, -110.7624, 5828648, "Jackson", .town, "town centre; GeoNames 5828648 Jackson (US.WY, pop. 10523)"),
    ("Alice Springs", -23.6980, 133.8807, 2077895, "Alice Springs", .town, "town centre; GeoNames 2077895 Alice Springs (AU.03, pop. 25912)"),
    ("Byron Bay", -28.6474, 153.6020, 2172880, "Byron Bay", .town, "town centre; GeoNames 2172880 Byron Bay (AU.02, pop. 6330)"),
    ("Queenstown", -45.0312, 168.6626, 6204696, "Queenstown", .town, "town centre; GeoNames 6204696 Queenstown (NZ.F7, pop. 10442)"),
    ("Cusco Plaza de Armas", -13.5167, -71.9781, 3941584, "Cusco", .town, "Wikipedia coordinates; GeoNames 3941584 Cusco (PE.08, pop. 428450)"),
    ("Ushuaia", -54.8019, -68.3030, 3833367, "Ushuaia", .town, "town centre; GeoNames 3833367 Ushuaia (AR.23, pop. 56825)"),
    ("San Pedro de Atacama", -22.9087, -68.1997, 3871781, "San Pedro de Atacama", .town, "village centre; GeoNames 3871781 San Pedro de Atacama (CL.03, pop. 10960)"),
    ("Chefchaouen", 35.1688, -5.2636, 2553455, "Chefchaouen", .town, "town centre; GeoNames 2553455 Chefchaouen (MA.01, pop. 46721)"),
    ("Ouarzazate", 30.9189, -6.8934, 2540850, "Ouarzazate", .town, "town centre; GeoNames 2540850 Ouarzazate (MA.08, pop. 77603)"),
    ("Swakopmund", -22.6784, 14.5266, 3352844, "Swakopmund", .town, "town centre; GeoNames 3352844 Swakopmund (NA.29, pop. 53009)"),
    ("Luang Prabang", 19.8856, 102.1347, 1655559, "Luang Prabang", .town, "town centre; GeoNames 1655559 Luang Prabang (LA.17, pop. 55027)"),
    ("Takayama", 36.1461, 137.2522, 1850892, "Takayama", .town, "town centre; GeoNames 1850892 Takayama (JP.09, pop. 88473)"),
    ("Darjeeling", 27.0410, 88.2663, 1273467, "Dārjiling", .town, "town centre; GeoNames 1273467 Dārjiling (IN.28, pop. 123797)"),
    ("Leh", 34.1526, 77.5771, 1264976, "Leh", .town, "town centre; GeoNames 1264976 Leh (IN.41, pop. 37475)"),
    ("Vík í Mýrdal", 63.4186, -19.0060, 2625252, "Vík í Mýrdal", .town, "village centre; GeoNames 2625252 Vík í Mýrdal (IS.42, pop. 750)"),
    ("Sedona", 34.8697, -111.7610, 5313667, "Sedona", .town, "town centre; GeoNames 5313667 Sedona (US.AZ, pop. 10388)"),
    ("Puerto Natales", -51.7308, -72.4977, 3874958, "Puerto Natales", .town, "town centre; GeoNames 3874958 Puerto Natales (CL.10, pop. 18505)"),
]
