import BusNames
import DBus
import Foundation

/// `status --follow`, as `playerctl --follow` does it: prints the status, then again only when the
/// printed text changes (on `PropertiesChanged`, never on a timer); when the daemon leaves the bus
/// (`NameOwnerChanged`) it prints an empty line (`--format waybar`: the asleep line) and waits for it to
/// come back, then prints again.
/// It ends with the client (Ctrl-C) or when the bus itself goes.
enum Follow {
    /// What the follower hears, in the order the bus delivered it.
    enum Event: Sendable {
        /// Some properties changed.
        case changed([String: Value])
        /// The camera's name has a new owner (nil: nobody; the daemon left).
        case owner(String?)
    }

    /// Follows the camera until cancelled; `emit` prints one rendering.
    static func run(_ invocation: Invocation) async throws -> Never {
        let client = try invocation.client
        let connection = client.camera.connection
        let (events, feed) = AsyncStream.makeStream(of: Event.self)
        // Subscribe before the first read, so no change between the two is lost.
        try await client.camera.onPropertiesChanged { changed in feed.yield(.changed(changed)) }
        // The bus filters by arg0; a ready-made rule's handler hears every signal of the connection, so
        // this one picks its own out.
        try await connection.subscribe(matchRule: "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                                       + "member='NameOwnerChanged',arg0='\(BusContract.busName)'") { signal in
            guard signal.interface == "org.freedesktop.DBus", signal.member == "NameOwnerChanged", signal.arguments.count == 3,
                  signal.arguments[0].stringValue == BusContract.busName, let owner = signal.arguments[2].stringValue else { return }
            feed.yield(.owner(owner.isEmpty ? nil : owner))
        }
        var printer = Printer(invocation)
        var properties = try await initialProperties(client)
        if let properties { printer.print(properties) } else {
            FileHandle.standardError.write(Data("retrocam: retrocamd is not running; waiting for it to start.\n".utf8))
            // A status bar shows something from the start.
            if invocation.arguments.format == Waybar.formatName { printer.gone() }
        }
        for await event in events {
            switch event {
            case .changed(let changed):
                guard properties != nil else { continue }
                properties!.merge(changed) { _, new in new }
                printer.print(properties!)
            case .owner(nil):
                properties = nil
                printer.gone()
            case .owner(.some):
                properties = try await initialProperties(client)
                if let properties { printer.print(properties) }
            }
        }
        throw DBusError(name: DBusError.Names.disconnected, message: "The session bus went away.")
    }

    /// Every property, or nil when the daemon is not there (the follower then waits for it).
    private static func initialProperties(_ client: CameraClient) async throws -> [String: Value]? {
        do { return try await client.properties() } catch let error as DBusError
            where [DBusError.Names.serviceUnknown, DBusError.Names.nameHasNoOwner].contains(error.name) {
            return nil
        }
    }

    /// Prints a rendering only when it differs from the last one printed.
    struct Printer {
        let invocation: Invocation
        var last: String?

        init(_ invocation: Invocation) { self.invocation = invocation }

        mutating func print(_ properties: [String: Value]) {
            let text = Output.properties(properties).rendered(json: invocation.arguments.json, format: invocation.arguments.format)
            guard text != last else { return }
            last = text
            invocation.emit(.properties(properties))
        }

        /// The daemon left (or is not there yet): an empty line, as playerctl prints when its player goes;
        /// for waybar, the line of a camera asleep.
        mutating func gone() {
            let waybar = invocation.arguments.format == Waybar.formatName
            let text = waybar ? Waybar.absent : ""
            guard last != text else { return }
            last = text
            invocation.emit(waybar ? .text(text) : .blank)
        }
    }
}
