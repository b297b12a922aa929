/// Wayland's wire format, the few messages a short-lived client needs: a request is its object id, then
/// its size (high 16 bits) and opcode, then its arguments as 32-bit words, little-endian; a string is
/// its length with the NUL, its bytes and the NUL, padded to 4. No libwayland: one round trip to the
/// compositor is all the daemon asks of it.
public enum WaylandWire {
    /// An argument of a request.
    public enum Argument: Equatable {
        case uint(UInt32)
        case string(String)
    }

    /// A message from the compositor: to which object, which event, its raw arguments.
    public struct Event: Equatable {
        public var object: UInt32
        public var opcode: UInt16
        public var payload: [UInt8]
    }

    /// The bytes of request `opcode` on `object`.
    public static func request(_ object: UInt32, _ opcode: UInt16, _ arguments: [Argument] = []) -> [UInt8] {
        var body: [UInt8] = []
        for argument in arguments {
            switch argument {
            case .uint(let value): append(value, to: &body)
            case .string(let text):
                let bytes = Array(text.utf8) + [0]
                append(UInt32(bytes.count), to: &body)
                body += bytes + [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
            }
        }
        var message: [UInt8] = []
        append(object, to: &message)
        append(UInt32(8 + body.count) << 16 | UInt32(opcode), to: &message)
        return message + body
    }

    /// The whole events at the start of `buffer`, which keeps what is left of a cut one.
    public static func events(from buffer: inout [UInt8]) -> [Event] {
        var events: [Event] = []
        var offset = 0
        while buffer.count - offset >= 8 {
            let object = word(buffer, offset)
            let sizeAndOpcode = word(buffer, offset + 4)
            let size = Int(sizeAndOpcode >> 16)
            guard size >= 8 else { buffer.removeAll(); return events }  // not Wayland: nothing more is read
            guard buffer.count - offset >= size else { break }
            events.append(Event(object: object, opcode: UInt16(sizeAndOpcode & 0xFFFF), payload: Array(buffer[offset + 8 ..< offset + size])))
            offset += size
        }
        buffer.removeFirst(offset)
        return events
    }

    /// The 32-bit word at `offset` of `bytes` (0 past the end).
    public static func word(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        guard offset >= 0, offset + 4 <= bytes.count else { return 0 }
        return UInt32(bytes[offset]) | UInt32(bytes[offset + 1]) << 8 | UInt32(bytes[offset + 2]) << 16 | UInt32(bytes[offset + 3]) << 24
    }

    /// The string argument at `offset` of `payload` and the offset after it; nil when cut or not UTF-8.
    public static func string(_ payload: [UInt8], at offset: Int) -> (String, next: Int)? {
        let length = Int(word(payload, offset))
        guard length >= 1, offset + 4 + length <= payload.count else { return nil }
        let bytes = payload[offset + 4 ..< offset + 4 + length - 1]
        guard let text = String(validating: bytes, as: UTF8.self) else { return nil }
        return (text, offset + 4 + (length + 3) / 4 * 4)
    }

    private static func append(_ value: UInt32, to bytes: inout [UInt8]) {
        bytes += [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value >> 16 & 0xFF), UInt8(value >> 24)]
    }
}
