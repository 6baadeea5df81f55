import AtlasMap

/// `atlas map --level country|region|subregion`.
extension MapShape.Kind: Choice {}

/// `atlas map --view world|visited`: the whole world, or the area of the places visited.
enum MapView: String, Choice {
    case world, visited
}

/// `atlas map --format html|svg`: the page's format.
enum PageFormat: String, Choice {
    case html, svg
}
