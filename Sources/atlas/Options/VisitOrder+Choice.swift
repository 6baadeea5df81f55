import Passport

/// `--sort days`: the orders of a listing by their names.
extension VisitOrder: Choice {}
