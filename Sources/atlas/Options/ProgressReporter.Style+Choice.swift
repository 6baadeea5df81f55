import Importer

/// `atlas import --progress auto|always|never`.
extension ProgressReporter.Style: Choice {}
