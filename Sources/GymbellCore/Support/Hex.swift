/// Bytes as lowercase hexadecimal digits, two a byte (a device id; a journal's tail, issue 48).
public enum Hex {
    private static let digits = Array("0123456789abcdef".utf8)

    public static func lowercase(_ bytes: some Sequence<UInt8>) -> String {
        var text: [UInt8] = []
        for byte in bytes {
            text.append(digits[Int(byte >> 4)])
            text.append(digits[Int(byte & 0x0f)])
        }
        return String(decoding: text, as: UTF8.self)
    }
}
