extension VisitPhoto {
    /// The photo a record would be in the log, before any hand-set place: what a dry run counts.
    /// Its measures are taken at ``RecordPrecision``, as ``TravelLog`` reads them back.
    public init(record: PhotoRecord) {
        self.init(path: record.path)
        (takenLocal, utcOffsetSeconds) = (record.takenLocal, record.utcOffsetSeconds)
        (latitude, longitude) = (record.latitude.map(RecordPrecision.degrees), record.longitude.map(RecordPrecision.degrees))
        (altitude, speedKmh) = (record.altitude.map(RecordPrecision.hundredths), record.speedKmh.map(RecordPrecision.hundredths))
        positionSource = record.positionSource
        guard let place = record.place else { return }
        func link(_ l: PlaceSnapshot.Link?) -> PlaceLink? { l.map { PlaceLink(id: $0.id.description, name: $0.name) } }
        (continent, country, region, city, district, airport) = (link(place.continent), link(place.country), link(place.region),
                                                                  link(place.city), link(place.district), link(place.airport))
        (waters, gazetteerVersion) = (place.waters.rawValue, place.gazetteerVersion)
    }
}
