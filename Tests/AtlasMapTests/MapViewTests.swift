import Foundation
import Testing
@testable import AtlasMap

@Suite struct MapViewTests {
    @Test func theWorldViewIsTheFrame() {
        let view = MapView(worldWidth: 1000)
        #expect(view.isWorld && view.viewBox == "0.0 0.0 1000.0 \(MapFrame.number(view.frame.height))")
        #expect(view.shows(GeoBox(west: 170, south: -50, east: 175, north: -45)))
    }

    @Test func aWindowHoldsItsBoxAtTheGivenWidth() {
        let alps = GeoBox(west: 5, south: 44, east: 12, north: 48)
        let view = MapView(showing: alps, width: 800)
        #expect(view.width == 800 && !view.isWorld)
        for lon in [5.0, 8.5, 12.0] {
            for lat in [44.0, 46.0, 48.0] {
                let p = view.point(longitude: lon, latitude: lat)
                #expect(p.x >= view.x - 1e-6 && p.x <= view.x + view.width + 1e-6 && p.y >= view.y - 1e-6 && p.y <= view.y + view.height + 1e-6)
            }
        }
        // Meridians east of Greenwich lean east towards the equator: the box's western edge is
        // westmost at its northern corner, its eastern edge eastmost at its southern one.
        let west = view.point(longitude: 5, latitude: 48), east = view.point(longitude: 12, latitude: 44)
        #expect(abs(west.x - view.x) < 1e-6 && abs(east.x - (view.x + view.width)) < 1e-6)
        #expect(view.shows(GeoBox(west: 11, south: 47, east: 20, north: 50)))
        #expect(!view.shows(GeoBox(west: 113, south: -44, east: 154, north: -10)))      // Australia
    }

    @Test func aTallBoxIsWidenedNotSquashed() {
        let chile = GeoBox(west: -76, south: -56, east: -66, north: -17)
        let view = MapView(showing: chile, width: 600, maxAspect: 0.8)
        #expect(abs(view.height - 480) < 1e-6)
        let north = view.point(longitude: -70, latitude: -17), south = view.point(longitude: -70, latitude: -56)
        #expect(abs(north.y - view.y) < 1e-6 && abs(south.y - (view.y + view.height)) < 1e-6)
    }

    /// A trip along a parallel is not a thin strip: the window is heightened round its middle.
    @Test func aFlatBoxIsHeightenedToTheLeastAspect() {
        let strip = GeoBox(west: 8, south: 40, east: 120, north: 47)
        let view = MapView(showing: strip, width: 600, maxAspect: 0.8, minAspect: 0.5)
        #expect(abs(view.height - 300) < 1e-6)
        let p = view.point(longitude: 60, latitude: 43.5)
        #expect(p.y > view.y && p.y < view.y + view.height)
        #expect(MapView(showing: strip, width: 600).height < 200)
    }
}
