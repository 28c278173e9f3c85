import CallOrder

/// `org.freedesktop.DBus.Properties` and `Introspectable`, answered from the tables.
enum StandardInterfaces {
    static let peer = "org.freedesktop.DBus.Peer"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let properties = "org.freedesktop.DBus.Properties"
    static let names: Set<String> = [peer, introspectable, properties]
}

extension ObjectServer {
    func answerIntrospect(_ message: Message, path: String, member: String) {
        guard member == "Introspect" else {
            return replyError(message, .unknownMethod("The interface \(StandardInterfaces.introspectable) has no method \(member)."))
        }
        guard message.signatureText.isEmpty else {
            return replyError(message, .invalidArgs("The method Introspect takes no arguments, but got \"\(message.signatureText)\"."))
        }
        guard let xml = introspectionXMLIfKnown(path: path) else {
            return replyError(message, .unknownObject("There is no object at the path \(path)."))
        }
        reply(message, [.string(xml)])
    }

    /// Get, GetAll and Set, checked on the dispatch thread and answered in the lane: a property read after
    /// a call that changes it reads the change.
    func answerProperties(_ message: Message, path: String, member: String) {
        let expected: String
        switch member {
        case "Get": expected = "ss"
        case "GetAll": expected = "s"
        case "Set": expected = "ssv"
        default:
            return replyError(message, .unknownMethod("The interface \(StandardInterfaces.properties) has no method \(member)."))
        }
        guard message.signatureText == expected else {
            return replyError(message, .invalidArgs("The method \(member) expects arguments of signature \"\(expected)\", but got \"\(message.signatureText)\"."))
        }
        guard let interfaces = objects.withLock({ $0[path] }) else {
            return replyError(message, .unknownObject("There is no object at the path \(path)."))
        }
        let arguments = message.arguments
        let interfaceName = arguments[0].stringValue ?? ""
        // An empty interface name means "whichever interface has the property" (the specification allows it).
        let candidates = interfaceName.isEmpty ? interfaces : interfaces.filter { $0.name == interfaceName }
        guard !candidates.isEmpty else {
            return replyError(message, .unknownInterface("The object \(path) has no interface \(Self.shown(interfaceName))."))
        }
        if member == "GetAll" {
            let properties = candidates.flatMap(\.properties)
            lane.submit { _ in
                var entries: [DictEntry] = []
                for property in properties {
                    entries.append(DictEntry(key: .string(property.name), value: .variant(await property.getter())))
                }
                self.reply(message, [.dictionary(key: "s", value: "v", entries)])
                Turn.current?.tookEffect()
            }
            return
        }
        let propertyName = arguments[1].stringValue ?? ""
        guard let (interface, property) = candidates.lazy.compactMap({ i in i.property(named: propertyName).map { (i, $0) } }).first else {
            return replyError(message, .unknownProperty("The interface \(Self.shown(interfaceName)) has no property \(Self.shown(propertyName))."))
        }
        if member == "Get" {
            lane.submit { _ in
                let value = await property.getter()
                guard Value.values([value], have: property.signature) else {
                    return self.replyError(message, .failed("The property \(propertyName) produced a value of type \"\(value.signature)\" but declares \"\(property.signature)\"."))
                }
                self.reply(message, [.variant(value)], checked: "v")
                Turn.current?.tookEffect()
            }
            return
        }
        guard let setter = property.setter else {
            return replyError(message, .propertyReadOnly("The property \(propertyName) of \(interface.name) is read-only."))
        }
        let newValue = arguments[2].unwrappedOnce
        guard Value.values([newValue], have: property.signature) else {
            return replyError(message, .invalidArgs("The property \(propertyName) has type \"\(property.signature)\", but the value given has type \"\(newValue.signature)\"."))
        }
        lane.submit { _ in
            do {
                try await setter(newValue)
                self.reply(message, [])
                Turn.current?.tookEffect()
                try? await self.announceChange(of: property, interface: interface.name, path: path)
            } catch {
                self.replyError(message, ObjectServer.asDBusError(error))
            }
        }
    }

    /// After a successful `Set`, tells clients as the property's row says.
    nonisolated(nonsending) private func announceChange(of property: Property, interface: String, path: String) async throws {
        switch property.change {
        case .emitsChange:
            try emitPropertiesChanged(path: path, interface: interface, changed: [property.name: await property.getter()])
        case .invalidates:
            try emitPropertiesChanged(path: path, interface: interface, changed: [:], invalidated: [property.name])
        case .const:
            break
        }
    }
}

extension ObjectServer {
    /// A name the caller sent, cut to 40 characters for an error's sentence (a megabyte name is not echoed).
    static func shown(_ name: String) -> String {
        name.count > 40 ? String(name.prefix(40)) + "…" : name
    }
}

extension Value {
    /// The value inside one variant wrapper (a `Set` value arrives as exactly one variant).
    var unwrappedOnce: Value {
        if case .variant(let inner) = self { return inner }
        return self
    }
}
