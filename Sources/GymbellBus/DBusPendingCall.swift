import CDBus

/// A method call whose reply comes later, on the loop (libdbus's `DBusPendingCall`): the caller does
/// not wait, so a service slow to answer under load costs a late answer, not a stalled loop.
extension DBusSignalListener {
    /// Calls a method from this listener's connection; `answer` runs on the loop once, with the reply's
    /// arguments, the error the service sent, or `NoReply` after `timeoutMilliseconds`. Returns at once.
    public func ask(
        destination: String, path: String, interface: String, member: String, arguments: [DBusValue] = [],
        timeoutMilliseconds: Int, answer: @escaping (Result<[DBusValue], DBusError>) -> Void
    ) {
        do {
            try connection.ask(
                destination: destination, path: path, interface: interface, member: member, arguments: arguments,
                timeoutMilliseconds: timeoutMilliseconds, answer: answer)
        } catch {
            answer(.failure(error))
        }
    }
}

extension BusConnection {
    func ask(
        destination: String, path: String, interface: String, member: String, arguments: [DBusValue], timeoutMilliseconds: Int,
        answer: @escaping (Result<[DBusValue], DBusError>) -> Void
    ) throws(DBusError) {
        let message = try DBusMessageCoding.methodCall(destination: destination, path: path, interface: interface, member: member)
        defer { dbus_message_unref(message) }
        try DBusBodyEncoding.append(arguments, to: message)
        var pending: OpaquePointer?
        guard dbus_connection_send_with_reply(pointer, message, &pending, Int32(clamping: timeoutMilliseconds)) != 0 else {
            throw DBusError.outOfMemory
        }
        guard let pending else { throw DBusError(name: DBusError.disconnected, message: "Not connected to the bus") }
        let waiter = Unmanaged.passRetained(PendingAnswer(answer)).toOpaque()
        guard dbus_pending_call_set_notify(pending, pendingCallCompleted, waiter, pendingAnswerRelease) != 0 else {
            Unmanaged<PendingAnswer>.fromOpaque(waiter).release()
            dbus_pending_call_cancel(pending)
            dbus_pending_call_unref(pending)
            throw DBusError.outOfMemory
        }
        // libdbus keeps the call until it completes; the notify function holds what it needs.
        dbus_pending_call_unref(pending)
    }
}

/// What a pending call's notify function calls back.
private final class PendingAnswer {
    let answer: (Result<[DBusValue], DBusError>) -> Void
    init(_ answer: @escaping (Result<[DBusValue], DBusError>) -> Void) { self.answer = answer }
}

private func pendingCallCompleted(_ pending: OpaquePointer?, _ data: UnsafeMutableRawPointer?) {
    guard let pending, let data else { return }
    let waiter = Unmanaged<PendingAnswer>.fromOpaque(data).takeUnretainedValue()
    guard let reply = dbus_pending_call_steal_reply(pending) else {
        waiter.answer(.failure(DBusError(name: DBusError.noReply, message: "No reply")))
        return
    }
    defer { dbus_message_unref(reply) }
    do {
        try DBusError.catching { error in _ = dbus_set_error_from_message(error, reply) }
        waiter.answer(.success(try DBusBodyDecoding.arguments(of: reply)))
    } catch {
        waiter.answer(.failure(error))
    }
}

private func pendingAnswerRelease(_ data: UnsafeMutableRawPointer?) {
    guard let data else { return }
    Unmanaged<PendingAnswer>.fromOpaque(data).release()
}
