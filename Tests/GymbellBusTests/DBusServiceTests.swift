import Foundation
import GymbellTestSupport
import Testing

@testable import GymbellBus
@testable import GymbellPlatform

private let serviceName = "io.github.gymbell.Test"
private let objectPath = "/io/github/gymbell/Test"
private let interface = "io.github.gymbell.Test1"

private let introspectionXML = """
    <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
     "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">
    <node>
      <interface name="io.github.gymbell.Test1">
        <method name="Echo">
          <arg name="text" type="s" direction="in"/>
          <arg name="echo" type="s" direction="out"/>
        </method>
        <signal name="Tick">
          <arg name="count" type="u"/>
        </signal>
      </interface>
    </node>
    """

/// The test object: `Echo` returns its arguments, `Add(ii)` their sum, `Fail` the error it is asked for.
private func testHandler(_ call: DBusMethodCall) -> DBusReply {
    switch (call.interface, call.member) {
    case (interface, "Echo"):
        return .values(call.arguments)
    case (interface, "Add"):
        guard call.signature == "ii", let a = call.arguments[0].int32, let b = call.arguments[1].int32 else {
            return .error(.invalidArgs("Add takes two int32, got '\(call.signature)'"))
        }
        return .values([.int32(a &+ b)])
    case (interface, "Fail"):
        guard let name = call.arguments.first?.string, let message = call.arguments.last?.string else {
            return .error(.invalidArgs("Fail takes (ss)"))
        }
        return .error(DBusError(name: name, message: message))
    default:
        return .unknownMethod(call)
    }
}

@Suite(.mainContext)
struct DBusServiceTests {
    @Test func answersMethodCallsWithTypedArgumentsAndReplies() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        var seen: [DBusMethodCall] = []
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML
        ) { call in
            seen.append(call)
            return testHandler(call)
        }
        defer { service.close() }

        let everyType: [DBusValue] = [
            .string("Bench Press – 4×8 💪"), .bool(true), .bool(false), .int32(-90), .uint32(4_000_000_000),
            .int64(-1 << 40), .uint64(UInt64.max), .double(82.5), .stringArray(["mon", "wed", "fri"]),
            .stringArray([]), .string(""),
        ]
        let address = bus.address
        let replies = whileRunning(loop) {
            Result { () throws(DBusError) in
                let client = try DBusClient(address: address)
                let echoed = try client.call(
                    destination: serviceName, path: objectPath, interface: interface, member: "Echo",
                    arguments: everyType)
                let sum = try client.call(
                    destination: serviceName, path: objectPath, interface: interface, member: "Add",
                    arguments: [.int32(40), .int32(2)])
                return (echoed, sum, client.uniqueName)
            }
        }

        let (echoed, sum, clientName) = try #require(replies).get()
        #expect(echoed == everyType)
        #expect(sum == [.int32(42)])
        #expect(seen.count == 2)
        #expect(seen.first?.signature == "sbbiuxtdasass")
        #expect(seen.first?.sender == clientName)
        #expect(seen.first?.path == objectPath)
        #expect(seen.last?.member == "Add")
    }

    @Test func introspectReturnsTheXMLWithTheStandardInterfaces() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, handler: testHandler)
        defer { service.close() }

        let address = bus.address
        let reply = whileRunning(loop) {
            Result { () throws(DBusError) in
                try DBusClient(address: address).call(
                    destination: serviceName, path: objectPath,
                    interface: "org.freedesktop.DBus.Introspectable", member: "Introspect")
            }
        }
        let values = try #require(reply).get()
        let xml = try #require(values.first?.string)
        #expect(xml.contains("<method name=\"Echo\">"))
        #expect(xml.contains("interface name=\"org.freedesktop.DBus.Introspectable\""))
        #expect(xml.contains("interface name=\"org.freedesktop.DBus.Peer\""))
        #expect(xml.hasSuffix("</node>"))

        // gdbus introspects before it calls, and parses what it gets.
        let gdbus = whileRunning(loop) {
            runProcess(
                ["gdbus", "call", "--session", "--dest", serviceName, "--object-path", objectPath,
                 "--method", "\(interface).Echo", "hello"],
                busAddress: address)
        }
        #expect(gdbus?.status == 0)
        #expect(gdbus?.output.trimmingCharacters(in: .whitespacesAndNewlines) == "('hello',)")
    }

    @Test func libdbusAnswersPeerMethods() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        var handlerCalls = 0
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML
        ) { call in
            handlerCalls += 1
            return testHandler(call)
        }
        defer { service.close() }

        let address = bus.address
        let replies = whileRunning(loop) {
            Result { () throws(DBusError) in
                let client = try DBusClient(address: address)
                let ping = try client.call(
                    destination: serviceName, path: objectPath, interface: "org.freedesktop.DBus.Peer", member: "Ping")
                let machineID = try client.call(
                    destination: serviceName, path: objectPath, interface: "org.freedesktop.DBus.Peer",
                    member: "GetMachineId")
                return (ping, machineID)
            }
        }
        let (ping, machineID) = try #require(replies).get()
        #expect(ping == [])
        #expect(machineID.first?.string?.count == 32)
        #expect(handlerCalls == 0)
    }

    @Test func errorRepliesReachTheClientWithNameAndMessage() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, handler: testHandler)
        defer { service.close() }

        let address = bus.address
        let outcomes = whileRunning(loop) {
            let client = try? DBusClient(address: address)
            func fail(_ arguments: [DBusValue], member: String = "Fail") -> DBusError? {
                errorThrown { () throws(DBusError) in
                    try client?.call(
                        destination: serviceName, path: objectPath, interface: interface, member: member,
                        arguments: arguments)
                }
            }
            return [
                fail([.string("io.github.gymbell.Error.NoSession"), .string("No session is running")]),
                fail([.string("not a valid error name"), .string("oops")]),
                fail([.string("x"), .string("y")], member: "Add"),
            ]
        }
        let errors = try #require(outcomes)
        #expect(errors[0] == DBusError(name: "io.github.gymbell.Error.NoSession", message: "No session is running"))
        #expect(errors[1]?.name == DBusError.failed)
        #expect(errors[1]?.message.contains("oops") == true)
        #expect(errors[2]?.name == DBusError.invalidArgs)
        #expect(errors[2]?.message == "Add takes two int32, got 'ss'")
    }

    @Test func unknownMembersAndObjectsGetUnknownMethod() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, handler: testHandler)
        defer { service.close() }

        let address = bus.address
        let outcomes = whileRunning(loop) {
            let client = try? DBusClient(address: address)
            return [(objectPath, "Jump"), ("/somewhere/else", "Echo")].map { path, member in
                errorThrown { () throws(DBusError) in
                    try client?.call(destination: serviceName, path: path, interface: interface, member: member)
                }
            }
        }
        let errors = try #require(outcomes)
        #expect(errors[0]?.name == DBusError.unknownMethod)
        #expect(errors[0]?.message == "No method io.github.gymbell.Test1.Jump with signature ''")
        // libdbus's own answer for a path nobody registered.
        #expect(errors[1]?.name == DBusError.unknownMethod || errors[1]?.name == "org.freedesktop.DBus.Error.UnknownObject")
    }

    @Test func unsupportedArgumentTypesGetInvalidArgs() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        var handlerCalls = 0
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML
        ) { call in
            handlerCalls += 1
            return testHandler(call)
        }
        defer { service.close() }

        let address = bus.address
        let result = whileRunning(loop) {
            runProcess(
                ["dbus-send", "--session", "--print-reply", "--dest=\(serviceName)", objectPath,
                 "\(interface).Echo", "dict:string:int32:sets,4"],
                busAddress: address)
        }
        let sent = try #require(result)
        #expect(sent.status != 0)
        #expect(sent.error.contains("org.freedesktop.DBus.Error.InvalidArgs"))
        #expect(sent.error.contains("a{si}"))
        #expect(handlerCalls == 0)
    }

    @Test func aSecondServiceForTheSameNameGetsNameTaken() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        let first = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, handler: testHandler)
        defer { first.close() }

        #expect(throws: DBusServiceError.nameTaken(serviceName)) {
            _ = try DBusService(
                loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
                introspectionXML: introspectionXML, handler: testHandler)
        }
        // The failed one left the bus again; the first still owns the name.
        let client = try DBusClient(address: bus.address)
        #expect(client.nameHasOwner(serviceName))
        #expect(!client.nameHasOwner("io.github.gymbell.Nobody"))
    }

    /// Connected without its name (the daemon connects while its state is read), a service owns the
    /// name only once it asks; a name already taken is refused then, and the first owner keeps it.
    @Test func aServiceRequestsItsNameWhenAsked() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        let client = try DBusClient(address: bus.address)
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, requestingName: false, handler: testHandler)
        defer { service.close() }
        #expect(service.isConnected && !client.nameHasOwner(serviceName))
        try service.requestName()
        #expect(client.nameHasOwner(serviceName))

        let second = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, requestingName: false, handler: testHandler)
        defer { second.close() }
        #expect(throws: DBusServiceError.nameTaken(serviceName)) { try second.requestName() }
        let owner = try client.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            member: "GetNameOwner", arguments: [.string(serviceName)])
        #expect(owner == [.string(service.uniqueName)])
    }

    /// The daemon connects on its starting thread and serves the connection on the loop's thread.
    @Test func aConnectionMadeOnAnotherThreadIsServedOnTheLoop() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let address = bus.address
        let connecting = BackgroundWork(name: "gymbell-test") {
            Result { () throws(DBusServiceError) in try DBusService.connect(address: address) }
        }
        let loop = MainLoop()
        let service = try DBusService(
            loop: loop, connection: try connecting.wait().get(), name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, handler: testHandler)
        defer { service.close() }
        let sum = whileRunning(loop) {
            Result { () throws(DBusError) in
                try DBusClient(address: address).call(
                    destination: serviceName, path: objectPath, interface: interface, member: "Add",
                    arguments: [.int32(40), .int32(2)])
            }
        }
        #expect(try #require(sum).get() == [.int32(42)])
    }

    @Test func emittedSignalsReachASubscriber() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, handler: testHandler)
        defer { service.close() }

        // dbus-monitor needs a moment to subscribe: tick until it has seen one.
        var ticks: UInt32 = 0
        var nextTick: SourceToken?
        func tick() {
            ticks += 1
            try? service.emitSignal(interface: interface, member: "Tick", arguments: [.uint32(ticks)])
            nextTick = loop.after(seconds: 0.05, tick)
        }
        tick()
        defer { nextTick.map(loop.cancel) }
        let address = bus.address
        let monitored = whileRunning(loop) {
            readProcessOutput(
                ["dbus-monitor", "--session", "type='signal',interface='\(interface)'"],
                busAddress: address, until: "uint32 ")
        }
        let output = try #require(monitored)
        #expect(output.contains("path=\(objectPath); interface=\(interface); member=Tick"))
        #expect(output.contains("uint32 "))
    }

    @Test func watchesAnotherNamesOwner() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, handler: testHandler)
        defer { service.close() }

        let otherName = "org.freedesktop.Notifications"
        var owners: [String?] = []
        var other: DBusService?
        try service.watchNameOwner(otherName) { owner in
            owners.append(owner)
            if owner != nil {
                other?.close()  // the name goes away again
            } else {
                loop.quit()
            }
        }
        loop.idle {
            other = try? DBusService(
                loop: loop, address: bus.address, name: otherName, objectPath: "/org/freedesktop/Notifications",
                introspectionXML: "<node/>", handler: { .unknownMethod($0) })
        }
        let timeout = loop.after(seconds: 10) { loop.quit() }
        loop.run()
        loop.cancel(timeout)

        let otherUniqueName = try #require(other?.uniqueName)
        #expect(owners == [otherUniqueName, nil])
    }

    @Test func losingTheBusCallsOnDisconnectInsteadOfExiting() throws {
        let bus = try PrivateBus()
        let loop = MainLoop()
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML, handler: testHandler)
        var disconnected = false
        service.onDisconnect = {
            disconnected = true
            loop.quit()
        }
        loop.idle { bus.stop() }
        let timeout = loop.after(seconds: 10) { loop.quit() }
        loop.run()
        loop.cancel(timeout)

        #expect(disconnected)
        #expect(!service.isConnected)
        #expect(throws: DBusError.self) {
            try service.emitSignal(interface: interface, member: "Tick", arguments: [.uint32(1)])
        }
        service.close()
    }

    @Test(.enabled(if: getuid() == 0 && FileManager.default.isExecutableFile(atPath: "/usr/bin/setpriv")))
    func callsFromAnotherUserGetAccessDenied() throws {
        let bus = try PrivateBus(allowingEveryUser: true)
        defer { bus.stop() }
        let loop = MainLoop()
        var handlerCalls = 0
        let service = try DBusService(
            loop: loop, address: bus.address, name: serviceName, objectPath: objectPath,
            introspectionXML: introspectionXML
        ) { call in
            handlerCalls += 1
            return testHandler(call)
        }
        defer { service.close() }

        let address = bus.address
        let asNobody = whileRunning(loop) {
            runProcess(
                ["setpriv", "--reuid=65534", "--regid=65534", "--clear-groups",
                 "dbus-send", "--session", "--print-reply", "--dest=\(serviceName)", objectPath,
                 "\(interface).Echo", "string:hi"],
                busAddress: address)
        }
        let sameUser = whileRunning(loop) {
            try? DBusClient(address: address).call(
                destination: serviceName, path: objectPath, interface: interface, member: "Echo",
                arguments: [.string("hi")])
        }
        let denied = try #require(asNobody)
        #expect(denied.status != 0)
        #expect(denied.error.contains("org.freedesktop.DBus.Error.AccessDenied"))
        #expect(sameUser == [.string("hi")])
        #expect(handlerCalls == 1)
    }

    @Test func sessionBusAddressComesFromTheEnvironmentOrTheUserBusSocket() throws {
        let fromVariable = try BusConnection.sessionBusAddress(
            environment: ["DBUS_SESSION_BUS_ADDRESS": "unix:path=/tmp/x", "XDG_RUNTIME_DIR": "/run/user/1000"].get,
            fileExists: { _ in true })
        #expect(fromVariable == "unix:path=/tmp/x")
        let fromSocket = try BusConnection.sessionBusAddress(
            environment: ["XDG_RUNTIME_DIR": "/run/user/1000"].get, fileExists: { $0 == "/run/user/1000/bus" })
        #expect(fromSocket == "unix:path=/run/user/1000/bus")
        #expect {
            _ = try BusConnection.sessionBusAddress(
                environment: ["XDG_RUNTIME_DIR": "/run/user/1000"].get, fileExists: { _ in false })
        } throws: { error in
            (error as? DBusError)?.name == DBusError.noServer
                && (error as? DBusError)?.message.contains("DBUS_SESSION_BUS_ADDRESS is not set") == true
        }
    }

    @Test func clientCallingAMissingServiceGetsServiceUnknown() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let client = try DBusClient(address: bus.address)
        #expect {
            _ = try client.call(destination: serviceName, path: objectPath, interface: interface, member: "Echo")
        } throws: { error in
            (error as? DBusError)?.name == DBusError.serviceUnknown
        }
    }
}

extension Dictionary where Key == String, Value == String {
    /// `dictionary.get` as an environment lookup function.
    var get: (String) -> String? { { self[$0] } }
}

// MARK: - Driving the loop from a test

/// The error `body` threw, or nil when it returned.
func errorThrown<Value>(_ body: () throws(DBusError) -> Value) -> DBusError? {
    do {
        _ = try body()
        return nil
    } catch {
        return error
    }
}

/// Runs `work` on a thread of its own while `loop` runs on this one, and returns what `work`
/// returned; nil when it did not finish within `timeout` seconds.
func whileRunning<Value: Sendable>(
    _ loop: MainLoop, timeout: Double = 15, _ work: @escaping @Sendable () -> Value
) -> Value? {
    var fds: [Int32] = [0, 0]
    precondition(pipe(&fds) == 0)
    let result = LockedBox<Value>()
    let done = fds[1]
    Thread {
        result.set(work())
        var byte: UInt8 = 1
        _ = write(done, &byte, 1)
    }.start()

    var finished = false
    let wake = loop.watchReadable(fd: fds[0]) {
        finished = true
        loop.quit()
    }
    let deadline = loop.after(seconds: timeout) { loop.quit() }
    loop.run()
    loop.cancel(wake)
    loop.cancel(deadline)
    if finished {  // otherwise the thread may still write: leave its pipe open
        close(fds[0])
        close(fds[1])
    }
    return result.get()
}

final class LockedBox<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value?
    func set(_ newValue: Value) { lock.withLock { value = newValue } }
    func get() -> Value? { lock.withLock { value } }
}

struct ProcessResult: Sendable {
    let status: Int32
    let output: String
    let error: String
}

/// Runs a command to its end with `DBUS_SESSION_BUS_ADDRESS` set to `busAddress`.
func runProcess(_ argv: [String], busAddress: String) -> ProcessResult {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = argv
    process.environment = ProcessInfo.processInfo.environment.merging(
        ["DBUS_SESSION_BUS_ADDRESS": busAddress]) { $1 }
    let output = Pipe()
    let error = Pipe()
    process.standardOutput = output
    process.standardError = error
    do {
        try process.run()
    } catch {
        return ProcessResult(status: -1, output: "", error: "\(error)")
    }
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = error.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return ProcessResult(
        status: process.terminationStatus, output: String(decoding: outputData, as: UTF8.self),
        error: String(decoding: errorData, as: UTF8.self))
}

/// Starts a long-running command and returns its output once it contains `marker` (or it ended).
func readProcessOutput(_ argv: [String], busAddress: String, until marker: String) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = argv
    process.environment = ProcessInfo.processInfo.environment.merging(
        ["DBUS_SESSION_BUS_ADDRESS": busAddress]) { $1 }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "" }
    var text = ""
    while !text.contains(marker) {
        let chunk = output.fileHandleForReading.availableData
        if chunk.isEmpty { break }
        text += String(decoding: chunk, as: UTF8.self)
    }
    killHard(process)
    return text
}
