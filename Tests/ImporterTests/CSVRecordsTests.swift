import Testing
@testable import Importer

@Suite struct CSVRecordsTests {
    @Test func quotesCommasLineBreaksAndLines() {
        let text = "\u{FEFF}a,b,c\r\n\"x, y\",\"say \"\"hi\"\"\",\n\n\"two\nlines\",2,3\nlast,,"
        let records = CSVRecords.parse(text)
        #expect(records.map(\.line) == [1, 2, 4, 6])
        #expect(records.map(\.fields) == [["a", "b", "c"], ["x, y", "say \"hi\"", ""], ["two\nlines", "2", "3"], ["last", "", ""]])
    }

    @Test func anUnclosedQuoteEndsWithTheText() {
        #expect(CSVRecords.parse("a,\"open\nstill").map(\.fields) == [["a", "open\nstill"]])
        #expect(CSVRecords.parse("").isEmpty && CSVRecords.parse("\n\n").isEmpty)
    }
}
