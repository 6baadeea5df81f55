import Passport

/// `--count iso`: the counting schemes by their names.
extension CountingScheme.Name: Choice {}
