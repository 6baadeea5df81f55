import Foundation

/// A JSON value for the validator, decoded strictly (a boolean is no number, 1.5 no integer).
indirect enum JSON: Decodable, Equatable {
    case null, bool(Bool), int(Int), double(Double), string(String), array([JSON]), object([String: JSON])

    init(from decoder: Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() { self = .null }
        else if let b = try? c.decode(Bool.self) { self = .bool(b) }
        else if let i = try? c.decode(Int.self) { self = .int(i) }
        else if let d = try? c.decode(Double.self) { self = .double(d) }
        else if let s = try? c.decode(String.self) { self = .string(s) }
        else if let a = try? c.decode([JSON].self) { self = .array(a) }
        else { self = .object(try c.decode([String: JSON].self)) }
    }

    static func parse(_ text: String) throws -> JSON { try JSONDecoder().decode(JSON.self, from: Data(text.utf8)) }

    var number: Double? {
        switch self { case .int(let i): Double(i); case .double(let d): d; default: nil }
    }

    subscript(key: String) -> JSON? { if case .object(let o) = self { o[key] } else { nil } }
}

/// The part of JSON Schema draft 2020-12 the travel record's schema uses: `$ref` (local),
/// `type`, `enum`, `const`, `required`, `properties`, `additionalProperties: false`, `items`,
/// `anyOf`, `allOf`, `pattern`, `minimum`, `maximum`. Enough to fail on a missing key, a wrong
/// type, a value outside an enum or a badly formed date; an unknown keyword is an error so the
/// schema cannot silently outgrow the validator.
struct SchemaValidator {
    let root: JSON
    static let known: Set<String> = ["$schema", "$id", "title", "$defs", "$ref", "type", "enum", "const", "required", "properties",
                                     "additionalProperties", "items", "anyOf", "allOf", "pattern", "minimum", "maximum"]

    /// Every violation as `path: message`; empty when `value` conforms.
    func errors(_ value: JSON) -> [String] {
        var out: [String] = []
        check(value, against: root, at: "$", into: &out)
        return out
    }

    private func check(_ value: JSON, against schema: JSON, at path: String, into out: inout [String]) {
        guard case .object(let s) = schema else { out.append("\(path): schema is not an object"); return }
        for key in s.keys where !Self.known.contains(key) { out.append("\(path): unknown schema keyword \(key)") }
        if case .string(let ref)? = s["$ref"] {
            let name = String(ref.dropFirst("#/$defs/".count))
            guard ref.hasPrefix("#/$defs/"), let target = root["$defs"]?[name] else { out.append("\(path): bad $ref \(ref)"); return }
            check(value, against: target, at: path, into: &out)
        }
        if let type = s["type"] {
            let names: [String]
            switch type { case .string(let n): names = [n]; case .array(let a): names = a.compactMap { if case .string(let n) = $0 { n } else { nil } }; default: names = [] }
            if !names.contains(where: { Self.matches(value, type: $0) }) { out.append("\(path): expected \(names.joined(separator: "|")), got \(value)") }
        }
        if case .array(let options)? = s["enum"], !options.contains(value) { out.append("\(path): \(value) not in enum") }
        if let constant = s["const"], constant != value, !(constant.number != nil && constant.number == value.number) {
            out.append("\(path): expected \(constant)")
        }
        if case .object(let o) = value {
            if case .array(let required)? = s["required"] {
                for case .string(let key) in required where o[key] == nil { out.append("\(path): missing \(key)") }
            }
            let properties: [String: JSON]
            if case .object(let p)? = s["properties"] { properties = p } else { properties = [:] }
            for (key, sub) in o {
                if let p = properties[key] { check(sub, against: p, at: path + "." + key, into: &out) }
                else if s["additionalProperties"] == .bool(false) { out.append("\(path): unexpected key \(key)") }
            }
        }
        if case .array(let items) = value, let itemSchema = s["items"] {
            for (i, item) in items.enumerated() { check(item, against: itemSchema, at: "\(path)[\(i)]", into: &out) }
        }
        if case .array(let all)? = s["allOf"] { for sub in all { check(value, against: sub, at: path, into: &out) } }
        if case .array(let any)? = s["anyOf"] {
            let passes = any.contains { sub in var e: [String] = []; check(value, against: sub, at: path, into: &e); return e.isEmpty }
            if !passes { out.append("\(path): matches no anyOf branch: \(value)") }
        }
        if case .string(let pattern)? = s["pattern"], case .string(let text) = value,
           text.range(of: pattern, options: .regularExpression) == nil { out.append("\(path): '\(text)' does not match \(pattern)") }
        if let n = value.number {
            if let min = s["minimum"]?.number, n < min { out.append("\(path): \(n) < \(min)") }
            if let max = s["maximum"]?.number, n > max { out.append("\(path): \(n) > \(max)") }
        }
    }

    static func matches(_ value: JSON, type: String) -> Bool {
        switch (type, value) {
        case ("null", .null), ("boolean", .bool), ("integer", .int), ("number", .int), ("number", .double), ("string", .string),
             ("array", .array), ("object", .object): true
        default: false
        }
    }
}
