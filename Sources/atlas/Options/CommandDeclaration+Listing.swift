/// The declaration of a listing of visits (`countries`, `regions`, `cities`, `airports`,
/// `continents`): its own options, then ``SharedOptions/listing``, and the listings' exit statuses.
///
/// ```swift
/// static let declaration = CommandDeclaration.listing(name: "airports", summary: "…", about: "Lists every airport…")
/// ```
extension CommandDeclaration {
    /// What every listing exits with.
    static let listedStatus = "0 listed (even when empty), 1 usage error, 2 no travel log or unreadable."

    static func listing(name: String, summary: String, about: String, options: [OptionDeclaration] = []) -> CommandDeclaration {
        CommandDeclaration(name: name, summary: summary, about: about, options: options + SharedOptions.listing, exitStatus: listedStatus)
    }
}
