import FoundationEssentials

/// Writes the D-Bus introspection document of the control interface from the contract's methods:
/// what `Introspect` answers and what data/io.github.gymbell.Gymbell1.xml holds.
public enum IntrospectionXML {
    static let header = """
        gymbell's control interface on the session bus: name \(BusNames.wellKnownName), object \(BusNames.objectPath). \
        One method per CLI command; a signal, Changed, after every change of what they answer. Durations are seconds; instants are ISO 8601 strings in UTC with milliseconds; \
        an instant that may be absent is an array of zero or one (as). A value the caller may leave out has a method \
        without it (RestDefault, SnoozeDefault). Structured reports are JSON texts: the objects the CLI prints with \
        its json flag, shapes below. Bad values get org.freedesktop.DBus.Error.InvalidArgs with a sentence. \
        Generated from Sources/GymbellControl/ControlContract.swift by `make dbus-xml`: do not edit by hand.
        """

    public static func document(for methods: [ControlMethodDescription], signals: [ControlSignal] = []) -> String {
        var xml = """
            <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
             "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">

            """
        xml += comment(header, indent: "")
        xml += "<node name=\"\(BusNames.objectPath)\">\n"
        xml += "  <interface name=\"\(BusNames.interface)\">\n"
        for method in methods {
            var doc = method.doc
            if !method.errors.isEmpty {
                doc += " Errors: " + method.errors.map(\.rawValue).joined(separator: ", ") + "."
            }
            xml += comment(doc, indent: "    ")
            xml += "    <method name=\"\(method.name)\">\n"
            for argument in method.arguments {
                xml += "      <arg name=\"\(argument.name)\" type=\"\(argument.signature)\" direction=\"in\"/>\n"
            }
            xml += "      <arg name=\"\(method.reply.name)\" type=\"\(method.reply.signature)\" direction=\"out\"/>\n"
            xml += "    </method>\n"
        }
        for signal in signals {
            xml += comment(signal.doc, indent: "    ")
            xml += "    <signal name=\"\(signal.name)\">\n"
            for argument in signal.arguments {
                xml += "      <arg name=\"\(argument.name)\" type=\"\(argument.signature)\"/>\n"
            }
            xml += "    </signal>\n"
        }
        xml += "  </interface>\n</node>\n"
        return xml
    }

    /// An XML comment wrapped at 110 columns; "--" may not appear inside one, so it is spaced out.
    static func comment(_ text: String, indent: String) -> String {
        let words = text.replacingAll("--", with: "- -").split(separator: " ")
        var lines: [String] = []
        var line = indent + "<!--"
        for word in words {
            if line.count + 1 + word.count > 110, line != indent + "<!--" {
                lines.append(line)
                line = indent + "     " + word
            } else {
                line += " " + word
            }
        }
        lines.append(line + " -->")
        return lines.joined(separator: "\n") + "\n"
    }
}
