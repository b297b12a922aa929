import Foundation
import Testing

/// No Swift file under Sources is over 300 lines, and no type with all its extensions (issue 28,
/// item 6): one that grows past that has grown a second purpose, and is split by purpose
/// (STYLE.md: "A file has one purpose you can state in a sentence").
@Suite("Source size")
struct SourceSizeTests {
    static let limit = 300
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct SourceFile {
        /// From the repository: `Sources/GymbellCore/Model/Messages.swift`.
        let path: String
        let lines: [Substring]
    }

    static func sourceFiles() throws -> [SourceFile] {
        let root = repository.appendingPathComponent("Sources")
        guard let names = FileManager.default.enumerator(atPath: root.path) else { return [] }
        var files: [SourceFile] = []
        for case let name as String in names where name.hasSuffix(".swift") {
            let text = try String(contentsOf: root.appendingPathComponent(name), encoding: .utf8)
            var lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            if text.hasSuffix("\n") { lines.removeLast() }  // counted as `wc -l` counts them
            files.append(SourceFile(path: "Sources/" + name, lines: lines))
        }
        return files.sorted { $0.path < $1.path }
    }

    /// Lines of each type declared at the top level of a file, its extensions in every file added in:
    /// from the declaration's line to its closing brace's (doc comments not counted).
    static func typeSizes(_ files: [SourceFile]) -> [String: Int] {
        // A declaration at the top of a file: `public final class Notifier: …`, `extension StateStore {`.
        let declaration = /^(?:@[\w.]+(?:\([^)]*\))?\s+)*(?:(?:public|package|internal|private|fileprivate|open|final|indirect)\s+)*(?:struct|class|enum|actor|protocol|extension)\s+(\w+)/
        var sizes: [String: Int] = [:]
        for file in files {
            var index = 0
            while index < file.lines.count {
                guard let match = file.lines[index].firstMatch(of: declaration) else {
                    index += 1
                    continue
                }
                var braces = BraceCounter()
                var end = index
                while end < file.lines.count {
                    braces.count(file.lines[end])
                    if braces.opened, braces.depth <= 0 { break }
                    end += 1
                }
                sizes[String(match.output.1), default: 0] += min(end, file.lines.count - 1) - index + 1
                index = end + 1
            }
        }
        return sizes
    }

    /// Braces outside string literals and comments, line by line; a multi-line string or block
    /// comment is remembered from one line to the next.
    struct BraceCounter {
        private(set) var depth = 0
        /// Whether a brace has been opened yet (a declaration's body may start lines later).
        private(set) var opened = false
        /// Inside `"""` (with that many `#` around it), or inside `/* */`.
        private var multilineString: Int?
        private var blockComment = false

        mutating func count(_ line: Substring) {
            let characters = Array(line)
            var index = 0
            func hashes(from start: Int) -> Int {
                var end = start
                while end < characters.count, characters[end] == "#" { end += 1 }
                return end - start
            }
            func closesMultiline(at position: Int, hashCount: Int) -> Bool {
                position + 2 < characters.count && characters[position...position + 2] == ["\"", "\"", "\""]
                    && hashes(from: position + 3) >= hashCount
            }
            while index < characters.count {
                let character = characters[index]
                let next = index + 1 < characters.count ? characters[index + 1] : nil
                if blockComment {
                    if character == "*", next == "/" { blockComment = false; index += 1 }
                    index += 1
                } else if let hashCount = multilineString {
                    if closesMultiline(at: index, hashCount: hashCount) {
                        multilineString = nil
                        index += 3 + hashCount
                    } else {
                        index += 1
                    }
                } else if character == "/", next == "/" {
                    return
                } else if character == "/", next == "*" {
                    blockComment = true
                    index += 2
                } else if character == "#" || character == "\"" {
                    let hashCount = hashes(from: index)
                    let quote = index + hashCount
                    guard quote < characters.count, characters[quote] == "\"" else {
                        index = max(quote, index + 1)  // `#if`, `#selector` …
                        continue
                    }
                    if closesMultiline(at: quote, hashCount: 0) {
                        multilineString = hashCount
                        index = quote + 3
                        continue
                    }
                    // A string on one line: to the quote that closes it (followed by as many `#`).
                    var position = quote + 1
                    while position < characters.count {
                        if hashCount == 0, characters[position] == "\\" {
                            position += 2
                        } else if characters[position] == "\"", hashes(from: position + 1) >= hashCount {
                            break
                        } else {
                            position += 1
                        }
                    }
                    index = position + 1 + hashCount
                } else {
                    if character == "{" {
                        depth += 1
                        opened = true
                    } else if character == "}" {
                        depth -= 1
                    }
                    index += 1
                }
            }
        }
    }

    @Test func noSwiftFileIsOver300Lines() throws {
        let files = try Self.sourceFiles()
        #expect(files.count > 100)
        for file in files where file.lines.count > Self.limit {
            Issue.record("\(file.path) has \(file.lines.count) lines (at most \(Self.limit)): split it by purpose (STYLE.md)")
        }
    }

    @Test func noTypeWithItsExtensionsIsOver300Lines() throws {
        let sizes = Self.typeSizes(try Self.sourceFiles())
        #expect((sizes["Messages"] ?? 0) > 50 && (sizes["StateStore"] ?? 0) > 50)
        for (type, lines) in sizes.sorted(by: { $0.key < $1.key }) where lines > Self.limit {
            Issue.record("\(type) has \(lines) lines with its extensions (at most \(Self.limit)): split it by purpose (STYLE.md)")
        }
    }

    /// The counter skips braces in strings and comments, and follows a multi-line string to its end.
    @Test func bracesInStringsAndCommentsAreNotCounted() {
        let file = SourceFile(path: "Example.swift", lines: [
            "struct Example {",
            ##"    let text = "{\"}" + #"{"# // }"##,
            #"    let long = """"#,
            "        }",
            #"        """"#,
            "    /* } */ func f() {}",
            "}",
            "extension Example {}",
        ])
        #expect(Self.typeSizes([file]) == ["Example": 8])
    }
}
