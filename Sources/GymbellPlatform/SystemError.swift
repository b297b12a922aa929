import Glibc

/// A failed system call or spawn, with a sentence a person can act on.
public struct SystemError: Error, CustomStringConvertible, Sendable {
    public let message: String

    public init(call: String, errno: Int32) {
        message = "\(call): \(String(cString: strerror(errno)))"
    }

    public init(message: String) { self.message = message }

    public var description: String { message }
}
