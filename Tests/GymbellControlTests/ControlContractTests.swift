import Foundation
import GymbellCore
import GymbellBus
import Testing

@testable import GymbellControl

@Suite("Control contract: one table for the dispatch, the client and the introspection XML")
struct ControlContractTests {
    private static let shippedXML = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("data/io.github.gymbell.Gymbell1.xml")

    @Test("data/io.github.gymbell.Gymbell1.xml is the generated document (`make dbus-xml` rewrites it)")
    func shippedXMLIsGenerated() throws {
        let shipped = try String(contentsOf: Self.shippedXML, encoding: .utf8)
        #expect(shipped == BusNames.introspectionXML)
    }

    @Test("the XML names every method with its arguments, reply and errors; no \"--\" inside a comment")
    func xmlCarriesTheTable() {
        let xml = BusNames.introspectionXML
        for method in ControlContract.methods {
            #expect(xml.contains("<method name=\"\(method.name)\">"))
            for argument in method.arguments {
                #expect(xml.contains("<arg name=\"\(argument.name)\" type=\"\(argument.signature)\" direction=\"in\"/>"))
            }
            #expect(xml.contains("<arg name=\"\(method.reply.name)\" type=\"\(method.reply.signature)\" direction=\"out\"/>"))
        }
        let comments = xml.matches(of: /<!--(?s:.*?)-->/).map { String($0.output.dropFirst(4).dropLast(3)) }
        #expect(comments.count == ControlContract.methods.count + ControlContract.signals.count + 1)
        for signal in ControlContract.signals {
            #expect(xml.contains("<signal name=\"\(signal.name)\">"))
        }
        #expect(comments.allSatisfy { !$0.contains("--") })
        let flowed = xml.split(whereSeparator: \.isWhitespace).joined(separator: " ")  // comments are wrapped
        #expect(flowed.contains(
            "returns its new end. Errors: org.freedesktop.DBus.Error.InvalidArgs, io.github.gymbell.Gymbell1.Error.NoSession, "
                + "io.github.gymbell.Gymbell1.Error.Failed. -->"))
    }

    @Test("method names are unique and every method has a doc")
    func namesAreUnique() {
        let names = ControlContract.methods.map(\.name)
        #expect(Set(names).count == names.count)
        #expect(ControlContract.methods.allSatisfy { !$0.doc.isEmpty && $0.doc.hasSuffix(".") })
    }

    @Test("arguments are coded in contract order; a wrong signature or value is InvalidArgs with a sentence")
    func argumentsRoundTrip() throws {
        let hiit = ControlContract.hiit
        let values = hiit.encode((5, 40, 20))
        #expect(values == [.uint32(5), .double(40), .double(20)])
        let decoded = try hiit.arguments(of: call("Hiit", values))
        #expect(decoded.0 == 5 && decoded.1 == 40 && decoded.2 == 20)

        #expect(throws: CommandError.invalidArgument("Hiit takes arguments of type (udd), not (uud)")) {
            try hiit.arguments(of: call("Hiit", [.uint32(5), .uint32(40), .double(20)]))
        }
        #expect(throws: CommandError.invalidArgument("work_seconds must be a finite number of seconds")) {
            try hiit.arguments(of: call("Hiit", [.uint32(5), .double(.nan), .double(20)]))
        }
        #expect(throws: CommandError.invalidArgument("Rest takes arguments of type (u), not ()")) {
            try ControlContract.rest.arguments(of: call("Rest", []))
        }
    }

    @Test("instants are ISO 8601 strings; an instant that may be absent is an array of zero or one")
    func typedReplies() {
        let instant = Date(timeIntervalSince1970: 1_795_370_400)  // 2026-11-22T18:00:00Z
        #expect(ControlContract.rest.encodeReply(instant) == [.string("2026-11-22T18:00:00.000Z")])
        #expect(ControlContract.rest.decodeReply([.string("2026-11-22T18:00:00.000Z")]) == instant)
        #expect(ControlContract.rest.decodeReply([.string("soon")]) == nil)
        #expect(ControlContract.rest.decodeReply([.uint32(1)]) == nil)

        let skip = ControlContract.skipToday
        #expect(skip.description.reply.signature == "as")
        #expect(skip.encodeReply(nil) == [.stringArray([])])
        #expect(skip.encodeReply(instant) == [.stringArray(["2026-11-22T18:00:00.000Z"])])
        #expect(skip.decodeReply([.stringArray([])]) == .some(nil))
        #expect(skip.decodeReply([.stringArray(["2026-11-22T18:00:00.000Z"])]) == .some(instant))
        #expect(skip.decodeReply([.stringArray(["2026-11-22T18:00:00.000Z", "2026-11-23T18:00:00.000Z"])]) == nil)
        #expect(skip.decodeReply([.string("")]) == nil)
    }

    @Test("a command's refusal maps to its D-Bus error name")
    func errorNames() {
        #expect(CommandError.invalidArgument("x").dbusError == DBusError(name: DBusError.invalidArgs, message: "x"))
        #expect(CommandError.noSession("x").dbusError.name == "io.github.gymbell.Gymbell1.Error.NoSession")
        #expect(CommandError.invalidConfig("x").dbusError.name == "io.github.gymbell.Gymbell1.Error.InvalidConfig")
        #expect(CommandError.failed("x").dbusError.name == "io.github.gymbell.Gymbell1.Error.Failed")
        #expect(CommandError.unknownMethod("x").dbusError.name == DBusError.unknownMethod)
    }

    private func call(_ member: String, _ arguments: [DBusValue]) -> DBusMethodCall {
        DBusMethodCall(
            sender: ":1.1", path: BusNames.objectPath, interface: BusNames.interface, member: member,
            signature: arguments.dbusSignature, arguments: arguments)
    }
}
