import CDBus

/// The thin layer where libdbus's conventions (`dbus_bool_t`, `DBusError` out-parameters,
/// C strings) are converted once into Swift's.
enum LibDBus {
    /// libdbus must be told to lock before any other call when it is used from several threads.
    /// The corresponding C function is `dbus_threads_init_default`.
    private static let threadsInitialized: Bool = dbus_threads_init_default() != 0

    /// Initializes libdbus for threaded use; cheap after the first call.
    static func ensureInitialized() {
        precondition(threadsInitialized, "dbus_threads_init_default failed (out of memory)")
    }

    /// Runs `body` with a fresh C `DBusError`, throwing it as a Swift `DBusError` when set.
    static func withErrorOut<T>(_ body: (UnsafeMutablePointer<CDBus.DBusError>) -> T) throws -> T {
        var cError = CDBus.DBusError()
        dbus_error_init(&cError)
        defer { dbus_error_free(&cError) }
        let result = body(&cError)
        if dbus_error_is_set(&cError) != 0 {
            throw DBusError(name: string(cError.name) ?? DBusError.Names.failed,
                            message: string(cError.message) ?? "libdbus reported an error without a message.")
        }
        return result
    }

    /// A Swift string from a C string that may be NULL.
    static func string(_ pointer: UnsafePointer<CChar>?) -> String? {
        pointer.map { String(cString: $0) }
    }

    /// `dbus_bool_t` to `Bool`.
    static func bool(_ value: dbus_bool_t) -> Bool { value != 0 }

    /// The error thrown when libdbus cannot allocate memory, its only failure for most calls.
    static let outOfMemory = DBusError(name: DBusError.Names.noMemory, message: "libdbus ran out of memory.")

    /// The wire code of a type character, as libdbus's `int type` parameters take it.
    static func code(_ character: Unicode.Scalar) -> Int32 { Int32(UInt8(ascii: character)) }

}
