/// Introspection XML generated from the interface tables, so it cannot drift from what is served.
extension ObjectServer {
    /// The XML that `Introspect` answers at `path`: the standard interfaces, the registered
    /// ones in registration order, then one `<node>` per child path. A path that is neither
    /// registered nor a parent of one gives a bare `<node/>` document.
    public func introspectionXML(path: String) -> String {
        introspectionXMLIfKnown(path: path) ?? IntrospectionWriter.document(interfaces: nil, children: [])
    }

    /// The XML, or nil when nothing is at or below `path`.
    func introspectionXMLIfKnown(path: String) -> String? {
        let (interfaces, allPaths) = objects.withLock { ($0[path], Array($0.keys)) }
        let children = Self.childNames(of: path, among: allPaths)
        guard interfaces != nil || !children.isEmpty || path == "/" else { return nil }
        return IntrospectionWriter.document(interfaces: interfaces, children: children)
    }

    /// The next path element of every registered path below `path`, sorted and unique.
    static func childNames(of path: String, among paths: [String]) -> [String] {
        let prefix = path == "/" ? "/" : path + "/"
        var names = Set<String>()
        for candidate in paths where candidate.hasPrefix(prefix) && candidate != path {
            let rest = candidate.dropFirst(prefix.count)
            if let first = rest.split(separator: "/").first { names.insert(String(first)) }
        }
        return names.sorted()
    }
}

/// Writes the introspection format of the D-Bus specification.
enum IntrospectionWriter {
    static let header = """
        <!DOCTYPE node PUBLIC "-//freedesktop//DTD D-BUS Object Introspection 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd">

        """

    static let peer = """
          <interface name="org.freedesktop.DBus.Peer">
            <method name="Ping"/>
            <method name="GetMachineId">
              <arg name="machine_uuid" type="s" direction="out"/>
            </method>
          </interface>

        """

    static let introspectable = """
          <interface name="org.freedesktop.DBus.Introspectable">
            <method name="Introspect">
              <arg name="xml_data" type="s" direction="out"/>
            </method>
          </interface>

        """

    static let properties = """
          <interface name="org.freedesktop.DBus.Properties">
            <method name="Get">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="out"/>
            </method>
            <method name="GetAll">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="properties" type="a{sv}" direction="out"/>
            </method>
            <method name="Set">
              <arg name="interface_name" type="s" direction="in"/>
              <arg name="property_name" type="s" direction="in"/>
              <arg name="value" type="v" direction="in"/>
            </method>
            <signal name="PropertiesChanged">
              <arg name="interface_name" type="s"/>
              <arg name="changed_properties" type="a{sv}"/>
              <arg name="invalidated_properties" type="as"/>
            </signal>
          </interface>

        """

    /// The whole document; `interfaces == nil` is a node that only has children.
    static func document(interfaces: [Interface]?, children: [String]) -> String {
        var xml = header + "<node>\n"
        xml += peer + introspectable
        if let interfaces {
            xml += properties
            for interface in interfaces { xml += write(interface) }
        }
        for child in children { xml += "  <node name=\"\(escape(child))\"/>\n" }
        xml += "</node>\n"
        return xml
    }

    static func write(_ interface: Interface) -> String {
        var xml = "  <interface name=\"\(escape(interface.name))\">\n"
        for method in interface.methods {
            let arguments = method.inArguments.map { ($0, "in") } + method.outArguments.map { ($0, "out") }
            if arguments.isEmpty {
                xml += "    <method name=\"\(escape(method.name))\"/>\n"
                continue
            }
            xml += "    <method name=\"\(escape(method.name))\">\n"
            for (argument, direction) in arguments {
                xml += "      <arg name=\"\(escape(argument.name))\" type=\"\(escape(argument.signature.rawValue))\" direction=\"\(direction)\"/>\n"
            }
            xml += "    </method>\n"
        }
        for signal in interface.signals {
            if signal.arguments.isEmpty {
                xml += "    <signal name=\"\(escape(signal.name))\"/>\n"
                continue
            }
            xml += "    <signal name=\"\(escape(signal.name))\">\n"
            for argument in signal.arguments {
                xml += "      <arg name=\"\(escape(argument.name))\" type=\"\(escape(argument.signature.rawValue))\"/>\n"
            }
            xml += "    </signal>\n"
        }
        for property in interface.properties {
            let access = property.isReadOnly ? "read" : "readwrite"
            let opening = "    <property name=\"\(escape(property.name))\" type=\"\(escape(property.signature.rawValue))\" access=\"\(access)\""
            if property.change == .emitsChange {
                xml += opening + "/>\n"
            } else {
                xml += opening + ">\n"
                xml += "      <annotation name=\"org.freedesktop.DBus.Property.EmitsChangedSignal\" value=\"\(property.change.rawValue)\"/>\n"
                xml += "    </property>\n"
            }
        }
        xml += "  </interface>\n"
        return xml
    }

    /// Escapes the five XML special characters (argument names are free text).
    static func escape(_ text: String) -> String { XMLText.escaped(text) }
}
