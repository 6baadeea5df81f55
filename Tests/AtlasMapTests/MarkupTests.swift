import Testing
@testable import AtlasMap

@Suite struct MarkupTests {
    @Test func specialCharactersAreEscapedAndOthersKept() {
        #expect(Markup.escape("Bosnia & Herzegovina") == "Bosnia &amp; Herzegovina")
        #expect(Markup.escape("<script>\"x\"'y'</script>") == "&lt;script&gt;&quot;x&quot;&#39;y&#39;&lt;/script&gt;")
        #expect(Markup.escape("Côte d’Ivoire · 東京") == "Côte d’Ivoire · 東京")
    }
}
