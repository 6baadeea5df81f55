extension ImageMetadata {
    /// The camera as people name it, from the Exif make and model: "Canon EOS 30D", not "Canon
    /// Canon EOS 30D"; nil when the file names neither.
    ///
    /// ```swift
    /// ImageMetadata.cameraName(make: "Canon", model: "Canon EOS 30D")          // "Canon EOS 30D"
    /// ImageMetadata.cameraName(make: "NIKON CORPORATION", model: "NIKON D750")  // "NIKON D750"
    /// ImageMetadata.cameraName(make: "Apple", model: "iPhone 15 Pro")           // "Apple iPhone 15 Pro"
    /// ```
    public var cameraName: String? { Self.cameraName(make: make, model: model) }

    /// The make is dropped when the model starts with it, or with its first word (case ignored).
    public static func cameraName(make: String?, model: String?) -> String? {
        let make = make?.trimmingSpaces ?? "", model = model?.trimmingSpaces ?? ""
        if make.isEmpty { return model.isEmpty ? nil : model }
        if model.isEmpty { return make }
        let firstWord = make.split(separator: " ").first.map(String.init) ?? make
        for prefix in [make, firstWord] where model.lowercased().hasPrefix(prefix.lowercased()) {
            let rest = model.dropFirst(prefix.count)
            if rest.isEmpty || rest.first == " " || rest.first == "-" { return model }
        }
        return make + " " + model
    }
}

private extension String {
    var trimmingSpaces: String {
        String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed())
    }
}
