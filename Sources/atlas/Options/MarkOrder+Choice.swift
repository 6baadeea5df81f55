import Passport

/// `atlas marks --sort date`.
extension MarkOrder: Choice {}
