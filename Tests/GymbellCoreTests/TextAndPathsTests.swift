import Testing
@testable import GymbellCore

@Suite("Text and path helpers (what full Foundation gave)")
struct TextAndPathsTests {
    @Test func replacingAll() {
        #expect("Round {n} of {count}".replacingAll("{n}", with: "2").replacingAll("{count}", with: "8") == "Round 2 of 8")
        #expect("a--b--c".replacingAll("--", with: "- -") == "a- -b- -c")
        #expect("aaa".replacingAll("aa", with: "b") == "ba")
        #expect("x".replacingAll("", with: "y") == "x")
        #expect("no match".replacingAll("zz", with: "y") == "no match")
        #expect("line\r\nnext\rlast".replacingAll("\r\n", with: "\n").replacingAll("\r", with: "\n") == "line\nnext\nlast")
        #expect("Ü{n}Ü".replacingAll("{n}", with: "é") == "ÜéÜ")
        #expect("🏆🏆".replacingAll("🏆", with: "x") == "xx")
        #expect("abc".replacingAll("abcd", with: "x") == "abc")
    }

    @Test func percentEncoding() {
        #expect("Push Day".percentEncoded() == "Push%20Day")
        #expect("Übung-1_a.b~".percentEncoded() == "%C3%9Cbung-1_a.b~")
        #expect("/home/ä b/state.sqlite".percentEncoded(keeping: "/") == "/home/%C3%A4%20b/state.sqlite")
        #expect("a/b?c#d".percentEncoded() == "a%2Fb%3Fc%23d")
    }

    @Test func lastIndexOfText() {
        let xml = "<node><node/></node>"
        #expect(xml.lastIndex(ofText: "</node>").map { xml.distance(from: xml.startIndex, to: $0) } == 13)
        #expect(xml.lastIndex(ofText: "<x>") == nil)
    }

    @Test func trimmingWhitespace() {
        #expect("  90s \n".trimmingWhitespace() == "90s")
        #expect(" \t\n".trimmingWhitespace() == "")
        #expect("a b".trimmingWhitespace() == "a b")
    }

    @Test func paths() {
        #expect(FilePath.directory(of: "/a/b/c.db") == "/a/b")
        #expect(FilePath.directory(of: "/c.db") == "/")
        #expect(FilePath.directory(of: "c.db") == "")
        #expect(FilePath.directory(of: "/a/b/") == "/a")
        #expect(FilePath.lastComponent(of: "/a/b/c.db") == "c.db")
        #expect(FilePath.lastComponent(of: "c.db") == "c.db")
        #expect(FilePath.lastComponent(of: "/a/b/") == "b")
    }
}
