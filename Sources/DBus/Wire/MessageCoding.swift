import CDBus
import Glibc

/// Writes `Value`s into a libdbus message and reads them back, through `DBusMessageIter`.
///
/// libdbus aborts the process on a malformed append (a wrong element type, a bad string),
/// so every value is validated in Swift before the first byte is appended.
enum MessageCoding {
    // MARK: Encoding

    /// Appends `values` to the body of `message`. `checked` is a signature the caller has already found
    /// `values` to have (`Value.values(_:have:)`): being valid, it keeps to the length and depth limits, which
    /// are otherwise checked here.
    static func append(_ values: [Value], to message: OpaquePointer, checked: Signature? = nil) throws {
        for value in values { try validate(value) }
        if checked == nil { _ = try Signature(Value.signature(of: values).rawValue) } // length and depth limits
        var iter = DBusMessageIter()
        dbus_message_iter_init_append(message, &iter)
        for value in values { try append(value, to: &iter) }
    }

    /// Checks that containers are homogeneous and strings are representable.
    static func validate(_ value: Value) throws {
        switch value {
        case .string(let s):
            guard !s.utf8.contains(0) else {
                throw DBusError.invalidArgs("A D-Bus string cannot contain a NUL character.")
            }
        case .variant(let inner):
            try validate(inner)
        case .array(let element, let items):
            guard element.isSingleCompleteType else {
                throw DBusError.invalidArgs("An array's element signature must be one complete type, not \"\(element)\".")
            }
            for item in items {
                guard item.has(type: element.types[0]) else {
                    throw DBusError.invalidArgs("An array of \"\(element)\" cannot hold a value of type \"\(item.signature)\".")
                }
                try validate(item)
            }
        case .dictionary(let key, let valueSignature, let entries):
            guard key.isBasic else {
                throw DBusError.invalidArgs("A dictionary key must be one basic type, not \"\(key)\".")
            }
            guard valueSignature.isSingleCompleteType else {
                throw DBusError.invalidArgs("A dictionary value signature must be one complete type, not \"\(valueSignature)\".")
            }
            for entry in entries {
                guard entry.key.has(type: key.types[0]), entry.value.has(type: valueSignature.types[0]) else {
                    throw DBusError.invalidArgs("A dictionary of \"a{\(key)\(valueSignature)}\" cannot hold an entry of types \"\(entry.key.signature)\" and \"\(entry.value.signature)\".")
                }
                try validate(entry.key)
                try validate(entry.value)
            }
        case .structure(let fields):
            guard !fields.isEmpty else { throw DBusError.invalidArgs("A D-Bus structure needs at least one field.") }
            for field in fields { try validate(field) }
        default:
            break
        }
    }

    private static func append(_ value: Value, to iter: inout DBusMessageIter) throws {
        switch value {
        case .byte(let v): try appendBasic("y", v, &iter)
        case .bool(let v): try appendBasic("b", dbus_bool_t(v ? 1 : 0), &iter)
        case .int16(let v): try appendBasic("n", v, &iter)
        case .uint16(let v): try appendBasic("q", v, &iter)
        case .int32(let v): try appendBasic("i", v, &iter)
        case .uint32(let v): try appendBasic("u", v, &iter)
        case .int64(let v): try appendBasic("x", v, &iter)
        case .uint64(let v): try appendBasic("t", v, &iter)
        case .double(let v): try appendBasic("d", v, &iter)
        case .unixFD(let v): try appendBasic("h", v, &iter)
        case .string(let s): try appendString("s", s, &iter)
        case .objectPath(let p): try appendString("o", p.rawValue, &iter)
        case .signature(let g): try appendString("g", g.rawValue, &iter)
        case .variant(let inner):
            try withContainer("v", inner.signatureType.text, &iter) { sub in try append(inner, to: &sub) }
        case .array(let element, let items):
            try withContainer("a", element.rawValue, &iter) { sub in
                for item in items { try append(item, to: &sub) }
            }
        case .dictionary(let key, let valueSignature, let entries):
            try withContainer("a", "{" + key.rawValue + valueSignature.rawValue + "}", &iter) { sub in
                for entry in entries {
                    try withContainer("e", nil, &sub) { pair in
                        try append(entry.key, to: &pair)
                        try append(entry.value, to: &pair)
                    }
                }
            }
        case .structure(let fields):
            try withContainer("r", nil, &iter) { sub in
                for field in fields { try append(field, to: &sub) }
            }
        }
    }

    private static func appendBasic<T: BitwiseCopyable>(_ code: Unicode.Scalar, _ value: T, _ iter: inout DBusMessageIter) throws {
        var copy = value
        guard dbus_message_iter_append_basic(&iter, LibDBus.code(code), &copy) != 0 else {
            if code == "h" { throw DBusError.invalidArgs("The file descriptor \(value) could not be duplicated for sending.") }
            throw LibDBus.outOfMemory
        }
    }

    private static func appendString(_ code: Unicode.Scalar, _ text: String, _ iter: inout DBusMessageIter) throws {
        let ok = text.withCString { pointer -> Bool in
            var cString: UnsafePointer<CChar>? = pointer
            return dbus_message_iter_append_basic(&iter, LibDBus.code(code), &cString) != 0
        }
        guard ok else { throw LibDBus.outOfMemory }
    }

    private static func withContainer(_ code: Unicode.Scalar, _ contained: String?, _ iter: inout DBusMessageIter,
                                      _ body: (inout DBusMessageIter) throws -> Void) throws {
        var sub = DBusMessageIter()
        let opened: Bool
        if let contained {
            opened = contained.withCString { dbus_message_iter_open_container(&iter, LibDBus.code(code), $0, &sub) } != 0
        } else {
            opened = dbus_message_iter_open_container(&iter, LibDBus.code(code), nil, &sub) != 0
        }
        guard opened else { throw LibDBus.outOfMemory }
        do {
            try body(&sub)
        } catch {
            dbus_message_iter_abandon_container(&iter, &sub)
            throw error
        }
        guard dbus_message_iter_close_container(&iter, &sub) != 0 else { throw LibDBus.outOfMemory }
    }

    // MARK: Decoding

    /// What decoding does with the unix file descriptors a message carries.
    ///
    /// libdbus hands out each one as a new duplicate (`dbus_message_iter_get_basic` on `h`) that the
    /// reader must close: a descriptor read and never closed is leaked for the life of the process.
    enum Descriptors {
        /// Close each duplicate at once; the decoded `.unixFD` holds -1.
        case close
        /// Keep the duplicates open; the caller closes them (`Value.closeDescriptors(in:)`).
        case keep
    }

    /// Reads every value of the body of `message`.
    static func values(of message: OpaquePointer, descriptors: Descriptors) -> [Value] {
        var iter = DBusMessageIter()
        guard dbus_message_iter_init(message, &iter) != 0 else { return [] }
        var result: [Value] = []
        repeat {
            result.append(decode(&iter, descriptors))
        } while dbus_message_iter_next(&iter) != 0
        return result
    }

    private static func basic<T: BitwiseCopyable>(_ iter: inout DBusMessageIter, _ initial: T) -> T {
        var value = initial
        dbus_message_iter_get_basic(&iter, &value)
        return value
    }

    private static func cString(_ iter: inout DBusMessageIter) -> String {
        var pointer: UnsafePointer<CChar>? = nil
        dbus_message_iter_get_basic(&iter, &pointer)
        return pointer.map { String(cString: $0) } ?? ""
    }

    /// The type at the iterator, parsed (libdbus has validated it on receipt).
    private static func currentType(_ iter: inout DBusMessageIter) -> SignatureType {
        guard let raw = dbus_message_iter_get_signature(&iter) else { return .variant }
        defer { dbus_free(raw) }
        let text = String(cString: raw)
        return (try? SignatureParser.parse(text).first) ?? .variant
    }

    private static func decode(_ iter: inout DBusMessageIter, _ descriptors: Descriptors) -> Value {
        let type = dbus_message_iter_get_arg_type(&iter)
        switch UInt8(truncatingIfNeeded: type) {
        case UInt8(ascii: "y"): return .byte(basic(&iter, UInt8(0)))
        case UInt8(ascii: "b"): return .bool(basic(&iter, dbus_bool_t(0)) != 0)
        case UInt8(ascii: "n"): return .int16(basic(&iter, Int16(0)))
        case UInt8(ascii: "q"): return .uint16(basic(&iter, UInt16(0)))
        case UInt8(ascii: "i"): return .int32(basic(&iter, Int32(0)))
        case UInt8(ascii: "u"): return .uint32(basic(&iter, UInt32(0)))
        case UInt8(ascii: "x"): return .int64(basic(&iter, Int64(0)))
        case UInt8(ascii: "t"): return .uint64(basic(&iter, UInt64(0)))
        case UInt8(ascii: "d"): return .double(basic(&iter, Double(0)))
        case UInt8(ascii: "h"):
            let duplicate = basic(&iter, Int32(-1))
            guard descriptors == .keep else {
                if duplicate >= 0 { _ = Glibc.close(duplicate) }
                return .unixFD(-1)
            }
            return .unixFD(duplicate)
        case UInt8(ascii: "s"): return .string(cString(&iter))
        case UInt8(ascii: "o"): return .objectPath(ObjectPath(unchecked: cString(&iter)))
        case UInt8(ascii: "g"):
            let text = cString(&iter)
            return .signature((try? Signature(text)) ?? .empty)
        case UInt8(ascii: "v"):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            return .variant(decode(&sub, descriptors))
        case UInt8(ascii: "r"):
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            var fields: [Value] = []
            while dbus_message_iter_get_arg_type(&sub) != 0 {
                fields.append(decode(&sub, descriptors))
                dbus_message_iter_next(&sub)
            }
            return .structure(fields)
        case UInt8(ascii: "a"):
            let arrayType = currentType(&iter)
            var sub = DBusMessageIter()
            dbus_message_iter_recurse(&iter, &sub)
            if case .dictionary(let key, let value) = arrayType {
                var entries: [DictEntry] = []
                while dbus_message_iter_get_arg_type(&sub) != 0 {
                    var pair = DBusMessageIter()
                    dbus_message_iter_recurse(&sub, &pair)
                    let k = decode(&pair, descriptors)
                    dbus_message_iter_next(&pair)
                    let v = decode(&pair, descriptors)
                    entries.append(DictEntry(key: k, value: v))
                    dbus_message_iter_next(&sub)
                }
                return .dictionary(key: Signature(types: [key]), value: Signature(types: [value]), entries)
            }
            guard case .array(let element) = arrayType else { return .array("v", []) }
            var items: [Value] = []
            while dbus_message_iter_get_arg_type(&sub) != 0 {
                items.append(decode(&sub, descriptors))
                dbus_message_iter_next(&sub)
            }
            return .array(Signature(types: [element]), items)
        default:
            // libdbus validates every message it hands us, so no other code can appear.
            preconditionFailure("libdbus produced an unknown type code \(type)")
        }
    }
}
