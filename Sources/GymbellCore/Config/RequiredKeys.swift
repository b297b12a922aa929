import FoundationEssentials
import TOML

/// The keys a table must have: a missing one is reported at the table, saying what the table needs,
/// unless an unknown key was already reported as its misspelling.
struct RequiredKeys {
    let table: [String: TOMLValue]
    let path: TOMLPath
    let needs: String
    let misspelt: Set<String>

    func value(_ key: String, reader: inout ConfigReader) -> TOMLValue? {
        guard let value = table[key] else {
            reader.reportMissing(key, in: path, needs, misspelt: misspelt)
            return nil
        }
        return value
    }

    func integer(_ key: String, in range: ClosedRange<Int>, reader: inout ConfigReader) -> Int? {
        value(key, reader: &reader).flatMap {
            reader.integer($0, at: path.appending(key), in: range, expected: "a whole number")
        }
    }

    func duration(_ key: String, in range: DurationRange, reader: inout ConfigReader) -> TimeInterval? {
        value(key, reader: &reader).flatMap { reader.duration($0, at: path.appending(key), in: range) }
    }
}
