import Gazetteer

/// The resolver's tables read on first use (``FirstFree``: the subregions, their polygons, the
/// land zones), as one caller holds them once asked for: a batch asks the resolver for each
/// once, instead of once a point (a lock, a semaphore and a copy of the table's references each
/// time, on both cores).
///
/// ```swift
/// var firstUse = FirstUseTables()
/// let found = try resolver.resolution(of: coordinate, &firstUse)
/// ```
///
/// Each caller (thread) its own; still lazy: a table is asked for when a point first needs it.
struct FirstUseTables {
    private var subregionsAsked = false, polygonsAsked = false, seaZonesAsked = false
    private var subregionsValue: Subregions?
    private var polygonsValue: Subregions.Polygons?
    private var seaZonesValue: SeaZones?

    /// The subregion of a point in country `country` (the resolver's table index)
    /// (``Subregions/locate(_:country:city:polygons:hasPolygons:)``).
    mutating func subregion(at coordinate: GeoCoordinate, country: Int, city: Int?,
                            of resolver: Resolver) -> (row: Int32, basis: Subregions.Basis)? {
        if !subregionsAsked { (subregionsValue, subregionsAsked) = (try? resolver.subregions.value(), true) }
        guard let hasPolygons = subregionsValue?.hasPolygons(country) else { return nil }
        if hasPolygons && !polygonsAsked { (polygonsValue, polygonsAsked) = (subregionsValue?.loadedPolygons(), true) }
        return subregionsValue?.locate(coordinate, country: country, city: city, polygons: polygonsValue, hasPolygons: hasPolygons)
    }

    /// The subregions' link table, once ``subregion(at:country:city:of:)`` has found one.
    var subregionLinks: LinkTable? { subregionsValue?.links }

    /// The land zones' names (``SeaZones/names``), nil when the zones do not load.
    mutating func seaZoneNames(of resolver: Resolver) -> TextTable? {
        if !seaZonesAsked { (seaZonesValue, seaZonesAsked) = (try? resolver.seaZones.value(), true) }
        return seaZonesValue?.names
    }

    /// The land zone a point lies in (``SeaZones/zone(at:)``).
    mutating func seaZone(at coordinate: GeoCoordinate, of resolver: Resolver) -> SeaZones.Zone? {
        if !seaZonesAsked { (seaZonesValue, seaZonesAsked) = (try? resolver.seaZones.value(), true) }
        return seaZonesValue?.zone(at: coordinate)
    }
}
