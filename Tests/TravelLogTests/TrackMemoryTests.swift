import Testing
@testable import TravelLog

/// The points an import holds between its transactions: given back exactly, texts beyond ASCII
/// and empty ones included, day by day; dropped past the capacity, and never held again.
@Suite struct TrackMemoryTests {
    private static let lyon = TrackDay.Point(time: "2024-07-01T08:00:00Z", path: "/photos/été/Lyon.jpg", latitude: 45.764, longitude: 4.8357)
    private static let geneva = TrackDay.Point(time: "2024-07-01T09:30:00", path: "", latitude: 46.2044, longitude: 6.1432)
    private static let kyoto = TrackDay.Point(time: "2024-07-02T10:00:00+09:00", path: "/写真/京都.heic", latitude: 35.0116, longitude: 135.7681)

    @Test func pointsComeBackAsTheyWereGivenDayByDay() {
        var memory = TrackMemory()
        memory.began("2024-07-01", with: [Self.lyon])
        memory.add([Self.geneva, Self.lyon], to: "2024-07-01")
        memory.began("2024-07-02", with: [Self.kyoto])
        #expect(memory.points(of: "2024-07-01") == [Self.lyon, Self.geneva, Self.lyon])
        #expect(memory.points(of: "2024-07-02") == [Self.kyoto])
        #expect(Set(memory.heldDays) == ["2024-07-01", "2024-07-02"])
        // Only a day begun is held; a day forgotten is held no more.
        memory.add([Self.kyoto], to: "2024-07-03")
        memory.forget("2024-07-02")
        #expect(memory.points(of: "2024-07-03") == nil && memory.points(of: "2024-07-02") == nil)
    }

    @Test func aStoredDayIsHeldOnOnlyWhenItsPointsAreAllHeld() {
        var memory = TrackMemory()
        memory.began("2024-07-01", with: [Self.lyon])
        let stored = TrackDay(day: "2024-07-01", photos: 1, first: Self.lyon, last: Self.lyon, km: 0)
        memory.extended("2024-07-01", stored: stored, with: [Self.geneva])
        #expect(memory.points(of: "2024-07-01") == [Self.lyon, Self.geneva])
        memory.extended("2024-07-01", stored: stored, with: [Self.lyon])   // the stored row counts one of two
        #expect(memory.points(of: "2024-07-01") == nil)
    }

    @Test func pastTheCapacityEverythingIsDroppedForGood() {
        var memory = TrackMemory(capacity: 3)
        memory.began("2024-07-01", with: [Self.lyon, Self.geneva])
        memory.began("2024-07-02", with: [Self.kyoto])
        #expect(memory.heldDays.count == 2)
        memory.add([Self.lyon], to: "2024-07-01")
        #expect(memory.heldDays.isEmpty)
        memory.began("2024-07-03", with: [Self.kyoto])
        #expect(memory.heldDays.isEmpty)
    }
}
