import AtlasMap

/// `atlas map` as a web page: the picture, whole, in a page of its own.
///
/// ```swift
/// let html = MapPage.html(MapPicture(content: content, countries: countries))
/// ```
public enum MapPage {
    public static func html(_ picture: MapPicture) -> String {
        HTMLPage.document(title: picture.content.title, style: "", body: "<main>\n\(picture.svg(standalone: false))</main>\n")
    }
}
