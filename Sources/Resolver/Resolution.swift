import Gazetteer

/// What a resolution found, as positions in the resolver's tables and plain numbers: the
/// content of a ``PlaceChain`` without its links and strings. It holds nothing to reference
/// count, so a batch makes, moves and writes millions of them on several threads without
/// touching shared counters: a chain of links took some forty atomic increments and decrements
/// a line, on the cache lines of tables both cores read (``Resolver/chain(of:_:)`` makes the
/// chain, ``Resolver/append(_:id:to:_:)`` writes its JSON).
struct Resolution {
    /// A level's row in its table (``Resolver/table(of:_:)``) and, for a place found by
    /// nearness, how far it is.
    struct Row {
        let row: Int32
        var distanceKm: Double?
    }

    /// Where the time zone's name comes from: the resolver's ``Resolver/zoneNames``, the land
    /// zones' own (``SeaZones/names``), or the nautical zone of the longitude.
    enum Zone {
        case named(Int32)
        case sea(Int32)
        case nautical
    }

    let coordinate: GeoCoordinate
    var waters: Waters
    var places = PlaceLineage<Row>()
    var nearestPlace: Row?
    var subregionBasis: Subregions.Basis?
    var borderKm: Double?
    /// Position in ``Resolver/qualities``.
    var boundaryQuality: Int32?
    var nearestCityElsewhere = false
    var timeZone = Zone.nautical

    init(coordinate: GeoCoordinate, waters: Waters) {
        self.coordinate = coordinate
        self.waters = waters
    }
}
