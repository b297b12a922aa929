import CDBus
import Testing

@testable import GymbellBus

/// Marshalling without a bus: values go into a message body and come back out unchanged.
struct DBusMessageCodingTests {
    @Test(arguments: [
        [DBusValue](),
        [.string("Rest over ⏰"), .string("")],
        [.bool(true), .bool(false)],
        [.int32(Int32.min), .uint32(UInt32.max), .int64(Int64.min), .uint64(UInt64.max)],
        [.double(-0.5), .double(1e300)],
        [.stringArray(["push", "pull", "legs"]), .stringArray([])],
    ])
    func valuesRoundTripThroughAMessageBody(values: [DBusValue]) throws {
        let message = try DBusMessageCoding.methodCall(
            destination: "io.github.gymbell.Gymbell", path: "/io/github/gymbell/Gymbell",
            interface: "io.github.gymbell.Gymbell1", member: "Rest")
        defer { dbus_message_unref(message) }
        try DBusBodyEncoding.append(values, to: message)
        #expect(DBusMessageCoding.signature(of: message) == values.dbusSignature)
        #expect(try DBusBodyDecoding.arguments(of: message) == values)
    }

    @Test func invalidNamesThrowInsteadOfAbortingInLibdbus() {
        for (destination, path, interface, member) in [
            ("not a bus name", "/a", "a.b", "M"),
            ("a.b", "no/leading/slash", "a.b", "M"),
            ("a.b", "/trailing/", "a.b", "M"),
            ("a.b", "/a", "nodots", "M"),
            ("a.b", "/a", "a.b", "Has.Dot"),
            ("a.b", "/a", "a.b", ""),
        ] {
            #expect(throws: DBusError.self) {
                let message = try DBusMessageCoding.methodCall(
                    destination: destination, path: path, interface: interface, member: member)
                dbus_message_unref(message)
            }
        }
    }

    @Test func aNULInsideAStringIsSentAsTheReplacementCharacter() throws {
        // D-Bus strings end at a NUL: one in a stored name is sent as U+FFFD instead of failing the reply.
        let message = try DBusMessageCoding.signal(path: "/a", interface: "a.b", member: "S")
        defer { dbus_message_unref(message) }
        try DBusBodyEncoding.append([.stringArray(["ok", "a\u{0}b"]), .string("\u{0}")], to: message)
        #expect(try DBusBodyDecoding.arguments(of: message) == [.stringArray(["ok", "a\u{FFFD}b"]), .string("\u{FFFD}")])
    }

    /// Issue 42, item 5: the hostile names of GymbellCoreTests' HostileNameOutputTests, in every place a
    /// reply carries a name (a string, an array of them, a dictionary's variant): the reply is never
    /// refused, and every name comes back as it was, a NUL as U+FFFD.
    @Test func hostileNamesNeverFailAReply() throws {
        let names = [
            "Bench\u{0}Press", "Tab\there\u{7}\u{8}\u{B}\u{C}\u{1F}\u{7F}\u{85}\u{9B}31m", "Red \u{1B}[31mALERT\u{1B}[0m",
            "Line\nbreak\r\n", "\u{202E}sserP hcneB", "=HYPERLINK(\"http://x\")", "<script>", "&amp;", "x\"\u{301}",
            String(repeating: "Ω", count: 200), "Ω≈ç√ 🏋", "", String(String.UnicodeScalarView([0xFFFE, 0xFFFF, 0xFDD0].compactMap(Unicode.Scalar.init))),
        ]
        let carried = names.map { String(String.UnicodeScalarView($0.unicodeScalars.map { $0 == "\u{0}" ? "\u{FFFD}" : $0 })) }
        for (name, expected) in zip(names, carried) {
            let message = try DBusMessageCoding.methodCall(destination: "a.b", path: "/a", interface: "a.b", member: "M")
            defer { dbus_message_unref(message) }
            try DBusBodyEncoding.append([.string(name), .stringArray([name, "x"]), .dictionary(["title": .string(name)])], to: message)
            #expect(try DBusBodyDecoding.arguments(of: message) == [.string(expected), .stringArray([expected, "x"]), .dictionary(["title": .string(expected)])],
                    "\(name.debugDescription)")
        }
    }

    @Test func anInvalidErrorNameFromAHandlerBecomesFailed() throws {
        let call = try DBusMessageCoding.methodCall(destination: "a.b", path: "/a", interface: "a.b", member: "M")
        defer { dbus_message_unref(call) }
        dbus_message_set_serial(call, 1)
        let reply = try DBusMessageCoding.errorReply(to: call, DBusError(name: "oops", message: "Bad"))
        defer { dbus_message_unref(reply) }
        #expect(String(cString: dbus_message_get_error_name(reply)) == DBusError.failed)
        #expect(try DBusBodyDecoding.arguments(of: reply) == [.string("Bad (invalid error name: oops)")])
    }

    @Test func introspectionGainsTheStandardInterfacesOnlyWhenMissing() {
        let bare = "<node>\n  <interface name=\"x.Y\"/>\n</node>"
        let completed = DBusService.addingStandardInterfaces(to: bare)
        #expect(completed.hasPrefix("<node>\n  <interface name=\"x.Y\"/>\n"))
        #expect(completed.contains("<interface name=\"org.freedesktop.DBus.Introspectable\">"))
        #expect(completed.contains("<interface name=\"org.freedesktop.DBus.Peer\">"))
        #expect(completed.hasSuffix("</node>"))
        #expect(DBusService.addingStandardInterfaces(to: completed) == completed)
    }
}
