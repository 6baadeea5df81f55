/// A coordinate that cannot be resolved (NaN, out of range): never turned into a place.
public struct ResolverError: Error, Sendable, Equatable, CustomStringConvertible {
    public let reason: String
    public init(reason: String) { self.reason = reason }
    public var description: String { reason }
}
