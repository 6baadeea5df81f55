import JSONWriter

/// `atlas --declarations` (hidden): every declared command and option as JSON, for the tests
/// that walk the declarations through the built program (help, man page, completions, parsing).
///
/// ```sh
/// atlas --declarations | head -1   # {"name":"countries","usage":"…","options":[{"name":"--year",…}]}
/// ```
extension CommandDeclaration {
    var json: JSONValue {
        .object([
            ("name", .string(name)),
            ("usage", .string(usage)),
            ("options", .array(options.map { option in
                .object([
                    ("name", .string(option.name)),
                    ("placeholder", option.placeholder.map(JSONValue.string) ?? .null),
                    ("choices", .array(option.choices.map(JSONValue.string))),
                    ("path", .bool(option.completion == .path)),
                    ("repeatable", .bool(option.repeatable)),
                    ("valid", option.valid.map(JSONValue.string) ?? .null),
                    ("invalid", option.invalid.map(JSONValue.string) ?? .null),
                    ("requires", option.requires.map(JSONValue.string) ?? .null),
                ])
            })),
        ])
    }
}
