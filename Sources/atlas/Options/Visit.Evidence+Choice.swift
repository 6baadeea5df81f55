import TravelLog

/// `--evidence photos,history`: the kinds of evidence by their names.
extension Visit.Evidence: Choice {}
