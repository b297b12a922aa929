import Foundation
import GymbellTestSupport
import Testing

@testable import GymbellBus
@testable import GymbellPlatform

private let sleepRule = "type='signal',interface='org.freedesktop.login1.Manager',member='PrepareForSleep'"
private let login1Path = "/org/freedesktop/login1"

@Suite(.mainContext)
struct DBusSignalListenerTests {
    @Test func aMatchingSignalReachesTheHandlerWithItsArguments() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        var received: [DBusSignal] = []
        let listener = try DBusSignalListener(loop: loop, bus: .address(bus.address), matchRule: sleepRule) {
            received.append($0)
            loop.quit()
        }
        defer { listener.close() }

        try emit(on: bus, login1Path, "org.freedesktop.login1.Manager.PrepareForSleep", "boolean:false")
        run(loop, forAtMost: 5)

        #expect(received.map(\.arguments) == [[.bool(false)]])
        let signal = try #require(received.first)
        #expect(signal.path == login1Path)
        #expect(signal.interface == "org.freedesktop.login1.Manager")
        #expect(signal.member == "PrepareForSleep")
        #expect(signal.sender.hasPrefix(":"))
    }

    @Test func signalsOutsideTheRuleDoNotReachTheHandler() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        var received: [DBusSignal] = []
        let listener = try DBusSignalListener(loop: loop, bus: .address(bus.address), matchRule: sleepRule) {
            received.append($0)
            loop.after(seconds: 0.1) { loop.quit() }  // time for anything queued behind it
        }
        defer { listener.close() }

        // Another member, another interface, and one addressed to the listener (the bus sends
        // those whatever the rule says); then the one that matches.
        try emit(on: bus, login1Path, "org.freedesktop.login1.Manager.PrepareForShutdown", "boolean:true")
        try emit(on: bus, login1Path, "org.example.Other.PrepareForSleep", "boolean:true")
        try emit(on: bus, "/x", "org.example.Other.Ping", "string:hi", destination: listener.uniqueName)
        try emit(on: bus, login1Path, "org.freedesktop.login1.Manager.PrepareForSleep", "boolean:true")
        run(loop, forAtMost: 5)

        #expect(received.map(\.member) == ["PrepareForSleep"])
        #expect(received.map(\.arguments) == [[.bool(true)]])
    }

    @Test func oneConnectionFollowsSeveralRulesAndCallsFromItself() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        var received: [String] = []
        let rules = [sleepRule, "type='signal',interface='org.gnome.ScreenSaver',member='ActiveChanged'"]
        let listener = try DBusSignalListener(loop: loop, bus: .address(bus.address), matchRules: rules) {
            received.append($0.member)
            if received.count == 2 { loop.after(seconds: 0.1) { loop.quit() } }
        }
        defer { listener.close() }
        #expect(listener.matchRules == rules)

        try emit(on: bus, "/org/gnome/ScreenSaver", "org.gnome.ScreenSaver.ActiveChanged", "boolean:true")
        try emit(on: bus, "/x", "org.example.Other.ActiveChanged", "boolean:true")
        try emit(on: bus, login1Path, "org.freedesktop.login1.Manager.PrepareForSleep", "boolean:true")
        run(loop, forAtMost: 5)
        #expect(received == ["ActiveChanged", "PrepareForSleep"])

        // A call from the listener's own connection: the bus names it as the caller.
        let owner = try listener.call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus", member: "GetNameOwner",
            arguments: [.string(listener.uniqueName)], timeoutMilliseconds: 1000)
        #expect(owner == [.string(listener.uniqueName)])
        #expect(listener.nameHasOwner("org.freedesktop.DBus"))
        #expect(!listener.nameHasOwner("org.gnome.ScreenSaver"))

        // One more rule later: its signals arrive from then on.
        try listener.addMatchRule("type='signal',interface='org.example.Later',member='Now'")
        received.removeAll()
        try emit(on: bus, "/x", "org.example.Later.Now", "boolean:true")
        try emit(on: bus, login1Path, "org.freedesktop.login1.Manager.PrepareForSleep", "boolean:false")
        run(loop, forAtMost: 5)
        #expect(received == ["Now", "PrepareForSleep"])
    }

    @Test func theHandlerMayCloseTheListener() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let loop = MainLoop()
        var count = 0
        var listener: DBusSignalListener?
        listener = try DBusSignalListener(loop: loop, bus: .address(bus.address), matchRule: sleepRule) { _ in
            count += 1
            listener?.close()
            listener = nil
            loop.after(seconds: 0.2) { loop.quit() }
        }
        for value in ["true", "false"] {
            try emit(on: bus, login1Path, "org.freedesktop.login1.Manager.PrepareForSleep", "boolean:\(value)")
        }
        run(loop, forAtMost: 5)
        #expect(count == 1)
        #expect(listener == nil)
    }

    @Test func losingTheBusIsReportedOnce() throws {
        let bus = try PrivateBus()
        let loop = MainLoop()
        var disconnects = 0
        let listener = try DBusSignalListener(loop: loop, bus: .address(bus.address), matchRule: sleepRule) { _ in
            Issue.record("no signal was sent")
        }
        defer { listener.close() }
        listener.onDisconnect = {
            disconnects += 1
            loop.after(seconds: 0.2) { loop.quit() }
        }
        #expect(listener.isConnected)
        bus.stop()
        run(loop, forAtMost: 5)
        #expect(disconnects == 1)
        #expect(!listener.isConnected)
    }

    @Test func aBusThatIsNotThereIsAClearError() throws {
        let address = "unix:path=/nonexistent-gymbell-\(UUID().uuidString)/bus"
        let error = #expect(throws: DBusError.self) {
            try DBusSignalListener(loop: MainLoop(), bus: .address(address), matchRule: sleepRule) { _ in }
        }
        #expect(error?.message.contains("Cannot connect to the bus at \(address)") == true)
    }

    @Test(.enabled(if: !systemBusExists(), "this machine has a system bus"))
    func noSystemBusIsAClearError() throws {
        let error = #expect(throws: DBusError.self) {
            try DBusSignalListener(loop: MainLoop(), bus: .system, matchRule: sleepRule) { _ in }
        }
        #expect(error?.message.hasPrefix("Cannot connect to the system bus") == true)
    }

    @Test func anInvalidRuleIsRefusedByTheBus() throws {
        let bus = try PrivateBus()
        defer { bus.stop() }
        let error = #expect(throws: DBusError.self) {
            try DBusSignalListener(loop: MainLoop(), bus: .address(bus.address), matchRule: "type='nonsense'") { _ in }
        }
        #expect(error?.name == "org.freedesktop.DBus.Error.MatchRuleInvalid")
    }
}

@Suite
struct SignalMatchRuleTests {
    private let sleep = DBusSignal(
        sender: ":1.5", path: login1Path, interface: "org.freedesktop.login1.Manager", member: "PrepareForSleep",
        arguments: [.bool(true)])
    private let nameAcquired = DBusSignal(
        sender: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
        member: "NameAcquired", arguments: [.string(":1.7")])

    @Test func theLogindRuleMatchesPrepareForSleepOnly() throws {
        let rule = try SignalMatchRule(parsing: sleepRule)
        #expect(rule.matches(sleep, destination: nil))
        #expect(!rule.matches(nameAcquired, destination: ":1.7"))
    }

    @Test func quotesEscapesPathNamespaceAndArguments() throws {
        let rule = try SignalMatchRule(parsing: #" type='signal', path_namespace='/org/freedesktop',arg0='don'\''t',arg1=x"#)
        #expect(rule.type == "signal")
        #expect(rule.pathNamespace == "/org/freedesktop")
        #expect(rule.stringArguments == [0: "don't", 1: "x"])
        let matching = DBusSignal(
            sender: ":1.2", path: "/org/freedesktop/login1", interface: "a.b", member: "C",
            arguments: [.string("don't"), .string("x")])
        #expect(rule.matches(matching, destination: nil))
        let elsewhere = DBusSignal(
            sender: ":1.2", path: "/org/freedesktopper", interface: "a.b", member: "C", arguments: matching.arguments)
        #expect(!rule.matches(elsewhere, destination: nil))
        let otherArgument = DBusSignal(
            sender: ":1.2", path: "/org/freedesktop", interface: "a.b", member: "C", arguments: [.string("do")])
        #expect(!rule.matches(otherArgument, destination: nil))
    }

    @Test func aWellKnownSenderIsLeftToTheBus() throws {
        let rule = try SignalMatchRule(parsing: "sender='org.freedesktop.login1',member='PrepareForSleep'")
        #expect(rule.matches(sleep, destination: nil))  // the message carries logind's unique name
        let unique = try SignalMatchRule(parsing: "sender=':1.6'")
        #expect(!unique.matches(sleep, destination: nil))
    }

    @Test func malformedRulesAreRefused() {
        #expect(throws: DBusError.self) { try SignalMatchRule(parsing: "type='signal") }
        #expect(throws: DBusError.self) { try SignalMatchRule(parsing: "signal") }
        #expect(throws: DBusError.self) { try SignalMatchRule(parsing: "='signal'") }
    }

    @Test func busAddresses() throws {
        #expect(try Bus.system.resolvedAddress { _ in nil } == "unix:path=/run/dbus/system_bus_socket")
        let environment = ["DBUS_SYSTEM_BUS_ADDRESS": "unix:path=/x", "DBUS_SESSION_BUS_ADDRESS": "unix:path=/y"]
        #expect(try Bus.system.resolvedAddress { environment[$0] } == "unix:path=/x")
        #expect(try Bus.session.resolvedAddress { environment[$0] } == "unix:path=/y")
        #expect(try Bus.address("tcp:host=localhost,port=1").resolvedAddress { _ in nil } == "tcp:host=localhost,port=1")
    }
}

private func systemBusExists() -> Bool {
    let address = ProcessInfo.processInfo.environment["DBUS_SYSTEM_BUS_ADDRESS"] ?? ""
    return !address.isEmpty || FileManager.default.fileExists(atPath: "/run/dbus/system_bus_socket")
}

/// Runs `loop` until something quits it, or for `seconds` at most.
private func run(_ loop: MainLoop, forAtMost seconds: Double) {
    let deadline = loop.after(seconds: seconds) { loop.quit() }
    loop.run()
    loop.cancel(deadline)
}

/// Broadcasts a signal with `dbus-send` (or sends it to `destination`) and waits until it went out.
private func emit(
    on bus: PrivateBus, _ path: String, _ interfaceAndMember: String, _ arguments: String...,
    destination: String? = nil
) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/dbus-send")
    process.arguments =
        ["--bus=\(bus.address)", "--type=signal"] + (destination.map { ["--dest=\($0)"] } ?? [])
        + [path, interfaceAndMember] + arguments
    try process.run()
    process.waitUntilExit()
    try #require(process.terminationStatus == 0, "dbus-send \(interfaceAndMember) failed")
}
