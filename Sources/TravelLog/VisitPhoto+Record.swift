extension VisitPhoto {
    /// The photo a record would be in the log, before any hand-set place: what a dry run counts.
    /// Its measures are taken at ``RecordPrecision``, as ``TravelLog`` reads them back.
    public init(record: PhotoRecord) {
        self.init(path: record.path)
        (takenLocal, utcOffsetSeconds) = (record.takenLocal, record.utcOffsetSeconds)
        measure(latitude: record.latitude, longitude: record.longitude, altitude: record.altitude, speedKmh: record.speedKmh)
        positionSource = record.positionSource
        guard let place = record.place else { return }
        places = place.places.map { _, link in PlaceLink(link) }
        (waters, gazetteerVersion) = (place.waters.rawValue, place.gazetteerVersion)
    }
}

extension VisitPhoto {
    /// Sets the photo's position, altitude and speed at ``RecordPrecision``: a log restored
    /// from its travel record derives the same figures from them.
    mutating func measure(latitude: Double?, longitude: Double?, altitude: Double?, speedKmh: Double?) {
        (self.latitude, self.longitude) = (latitude.map(RecordPrecision.degrees), longitude.map(RecordPrecision.degrees))
        (self.altitude, self.speedKmh) = (altitude.map(RecordPrecision.hundredths), speedKmh.map(RecordPrecision.hundredths))
    }
}
