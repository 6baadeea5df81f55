/// Values as the history formats write them: a number may be a JSON number or a string holding
/// one ("every number a string", the iPhone export), `null` is nothing, and a value of another
/// kind than expected is skipped and is nothing too, so one odd field never stops a file.
///
/// ```swift
/// case "accuracy": accuracy = try scanner.readDouble()      // 12, "12" or null
/// ```
extension JSONScanner {
    /// A number or a numeric string; nil for null or any other value (skipped). A number out of
    /// a double's range is an error; a string that is no number is nil.
    func readDouble() throws(HistoryError) -> Double? {
        switch try peek() ?? 0 {
        case 0x2D, 0x30...0x39:
            let at = offset
            let text = try scanNumber()
            guard let v = JSONNumber.double(text) else { throw HistoryError(offset: at, reason: .badNumber("a number out of range")) }
            return v
        case 0x22:
            let text = try scanString(decoding: false).trimmed
            guard JSONNumber.isValid(text) else { return nil }
            return JSONNumber.double(text)
        default:
            try skipValue()
            return nil
        }
    }

    /// An integer, as a number or a numeric string; a number with a fraction is rounded. An
    /// integer beyond 18 digits or a double's range is an error.
    func readInteger() throws(HistoryError) -> Int64? {
        switch try peek() ?? 0 {
        case 0x2D, 0x30...0x39:
            let at = offset
            let text = try scanNumber()
            if let v = JSONNumber.integer(text) { return v }
            guard let d = JSONNumber.double(text), abs(d) < 9e18 else { throw HistoryError(offset: at, reason: .badNumber("an integer out of range")) }
            return Int64(d.rounded())
        case 0x22:
            let text = try scanString(decoding: false).trimmed
            guard JSONNumber.isValid(text) else { return nil }
            if let v = JSONNumber.integer(text) { return v }
            guard let d = JSONNumber.double(text), abs(d) < 9e18 else { return nil }
            return Int64(d.rounded())
        default:
            try skipValue()
            return nil
        }
    }

    /// A string's contents (valid until the next call); nil for any other value (skipped).
    func readText() throws(HistoryError) -> JSONText? {
        guard try peek() == 0x22 else {
            try skipValue()
            return nil
        }
        return try scanString(decoding: true)
    }

    /// A string; nil for any other value (skipped).
    func readString() throws(HistoryError) -> String? { try readText()?.string }

    /// Whether the value is an object; skips it when it is not.
    func enterObject() throws(HistoryError) -> Bool {
        guard try peek() == 0x7B else {
            try skipValue()
            return false
        }
        try beginObject()
        return true
    }

    /// Whether the value is an array; skips it when it is not.
    func enterArray() throws(HistoryError) -> Bool {
        guard try peek() == 0x5B else {
            try skipValue()
            return false
        }
        try beginArray()
        return true
    }
}
