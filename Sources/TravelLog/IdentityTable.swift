/// Numbers by object, found by the object's address in an open-addressed table: what a pass
/// over a log's rows notes once per place snapshot (``PlaceDay/Places``) and looks up for every
/// row (the snapshot's slot, its region's number).
///
/// ```swift
/// var regionOf = IdentityTable()
/// for row in rows {
///     let region = regionOf[row.places] ?? number(of: row.places)
///     regionOf[row.places] = region
/// }
/// ```
///
/// A dictionary keyed by `ObjectIdentifier` hashed each row's snapshot with the standard
/// library's seeded hash: about 140 instructions a row, in each of the passes over the rows
/// that every answer makes (the visits, the trips, the homes, the day rules). An address is
/// mixed with one multiplication instead. The table holds its objects, so an address is never
/// reused while it is a key. A value type, for one thread at a time.
package struct IdentityTable {
    /// Each slot's object address (0: none) and number.
    private var addresses = [UInt](repeating: 0, count: 64)
    private var numbers = [Int](repeating: 0, count: 64)
    /// The keys, held.
    private var objects: [AnyObject] = []

    package init() {}

    /// The slot of `address`: where it is, or the empty slot where it would go.
    private func slot(of address: UInt) -> Int {
        let mask = addresses.count - 1
        // Fibonacci hashing: objects are 16-byte aligned, and the multiplication spreads the
        // address's bits into the ones the mask keeps.
        var i = Int(truncatingIfNeeded: (address &* 0x9E37_79B9_7F4A_7C15) >> 32) & mask
        while addresses[i] != 0, addresses[i] != address { i = (i + 1) & mask }
        return i
    }

    /// The number of `object`, nil when it has none; set, it keeps the object.
    package subscript(object: AnyObject) -> Int? {
        get {
            let i = slot(of: UInt(bitPattern: ObjectIdentifier(object)))
            return addresses[i] == 0 ? nil : numbers[i]
        }
        set {
            guard let newValue else { preconditionFailure("an IdentityTable keeps its keys") }
            let address = UInt(bitPattern: ObjectIdentifier(object))
            var i = slot(of: address)
            if addresses[i] == 0 {
                // At most half full: probes stay short.
                if 2 * (objects.count + 1) > addresses.count {
                    grow()
                    i = slot(of: address)
                }
                addresses[i] = address
                objects.append(object)
            }
            numbers[i] = newValue
        }
    }

    private mutating func grow() {
        let (oldAddresses, oldNumbers) = (addresses, numbers)
        addresses = Array(repeating: 0, count: 2 * oldAddresses.count)
        numbers = Array(repeating: 0, count: 2 * oldAddresses.count)
        for (address, number) in zip(oldAddresses, oldNumbers) where address != 0 {
            let i = slot(of: address)
            (addresses[i], numbers[i]) = (address, number)
        }
    }
}
