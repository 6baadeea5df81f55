/// TravelAtlas's one version number: `atlas --version` prints it and the JSON travel record
/// names it as its generator. It lives here, in the lowest library the command-line tool
/// and `Passport` both use, so that nothing else spells it.
public enum AtlasVersion {
    public static let current = "0.1.0"
}
