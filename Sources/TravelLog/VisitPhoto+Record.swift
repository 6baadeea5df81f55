extension VisitPhoto {
    /// The photo a record would be in the log, before any hand-set place: what a dry run counts.
    public init(record: PhotoRecord) {
        self.init(path: record.path)
        (takenLocal, utcOffsetSeconds) = (record.takenLocal, record.utcOffsetSeconds)
        (latitude, longitude, altitude, speedKmh) = (record.latitude, record.longitude, record.altitude, record.speedKmh)
        guard let place = record.place else { return }
        let chain = place.chain
        continent = chain.continent.map { PlaceLink(id: $0.id.description, name: $0.name) }
        country = chain.country.map { PlaceLink(id: $0.id.description, name: $0.name) }
        region = chain.region.map { PlaceLink(id: $0.id.description, name: $0.name) }
        city = chain.city.map { PlaceLink(id: $0.id.description, name: $0.name) }
        district = chain.district.map { PlaceLink(id: $0.id.description, name: $0.name) }
        airport = chain.airport.map { PlaceLink(id: $0.id.description, name: $0.name) }
        (waters, gazetteerVersion) = (chain.waters.rawValue, place.gazetteerVersion)
    }
}
