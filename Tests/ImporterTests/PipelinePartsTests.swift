import Foundation
import Gazetteer
import Testing
@testable import Importer

@Suite struct PipelinePartsTests {
    @Test func theProgressLineShowsAnETAOnlyOnceTheWalkIsDone() {
        var s = ImportProgress.Snapshot()
        (s.found, s.read, s.resolved, s.done) = (1000, 400, 380, 500)
        #expect(ProgressReporter.line(s, seconds: 2) == "found 1000  read 400  resolved 380  done 500  250/s")
        s.walkFinished = true
        #expect(ProgressReporter.line(s, seconds: 2) == "found 1000  read 400  resolved 380  done 500  250/s  ETA 2s")
    }

    @Test func theBoundedQueueHandsEverythingOverInOrderAndBlocksWhenFull() async {
        let queue = WorkQueue<Int>(capacity: 4)
        let producer = Thread {
            for i in 0..<100 { queue.push(i) }
            queue.close()
        }
        producer.start()
        usleep(20_000)
        #expect(queue.count == 4)   // the producer waits for room
        var received: [Int] = []
        while let i = queue.pop() { received.append(i) }
        #expect(received == Array(0..<100))
    }

    /// What a queue hands over is no longer its to keep: the readings of an import are freed
    /// once written, not when the queue next compacts or goes.
    @Test func aTakenItemIsReleasedByTheQueueAtOnce() {
        final class Item {}
        let queue = WorkQueue<[Item]>()
        weak var popped: Item?, drained: Item?
        do {
            let items = [Item(), Item()]
            (popped, drained) = (items[0], items[1])
            queue.push([items[0]])
            queue.push([items[1]])
        }
        _ = queue.pop()
        _ = queue.drain()
        #expect(popped == nil && drained == nil && queue.count == 0)
        queue.push([Item()])
        #expect(queue.count == 1)
    }

    /// A resolver loaded in the background is the one every later caller gets, loaded once.
    @Test func aResolverLoadedInTheBackgroundIsTheOneCallersGet() throws {
        let finder = PlaceFinder(gazetteer: try Gazetteer.open())
        finder.loadInBackground()
        finder.loadInBackground()
        let first = try finder.resolver()
        #expect(finder.isResolverLoaded)
        #expect(try finder.resolver() === first && finder.resolverUnlessLoading() === first)
        #expect(try finder.place(latitude: 48.8566, longitude: 2.3522)?.country?.id == PlaceID("country:FR"))
    }

    @Test func imageExtensionsDecideWhetherAnUnknownFileIsABrokenPhoto() {
        #expect(PlaceFinder.hasImageExtension("/a/IMG_1.JPG"))
        #expect(PlaceFinder.hasImageExtension("/a/b.heic"))
        // Videos are read too: a .mov that is no video is a broken one.
        #expect(PlaceFinder.hasImageExtension("/a/clip.MOV"))
        #expect(!PlaceFinder.hasImageExtension("/a/notes.xmp") && !PlaceFinder.hasImageExtension("/a/b.jpg.json"))
        #expect(!PlaceFinder.hasImageExtension("/a.jpg/README"))
    }
}
