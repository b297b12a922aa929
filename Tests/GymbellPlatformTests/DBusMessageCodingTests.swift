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

    @Test func stringsWithNULBytesAreRejected() throws {
        let message = try DBusMessageCoding.signal(path: "/a", interface: "a.b", member: "S")
        defer { dbus_message_unref(message) }
        #expect(throws: DBusError.invalidArgs("D-Bus strings cannot contain NUL bytes")) {
            try DBusBodyEncoding.append([.stringArray(["ok", "a\u{0}b"])], to: message)
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
