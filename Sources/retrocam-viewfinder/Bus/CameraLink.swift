import BusNames
import DBus
import Foundation

/// The viewfinder's one connection to retrocamd: calls answered on the GTK main loop, the `Camera1`
/// properties kept current from PropertiesChanged, and the daemon's arrivals and departures.
/// Nothing here knows the camera's rules: it only carries what the bus says.
@MainActor
final class CameraLink {
    let connection: Connection
    /// `org.retrocam.Camera1`: the body.
    let camera: Proxy
    /// `org.retrocam.Intents1`: the intents.
    let intents: Proxy
    /// The last known `Camera1` properties.
    private(set) var properties: [String: Value] = [:]
    /// Reloads sent so far, and the last one whose answer was kept.
    private var reloadsSent = 0, reloadKept = 0
    /// For each property, the reload that was the last one sent when a PropertiesChanged last changed it.
    private var signalledDuring: [String: Int] = [:]
    private var changeObservers: [@MainActor ([String: Value]) -> Void] = []
    private var arrivalObservers: [@MainActor () -> Void] = []

    /// Links to the daemon over `connection`; nothing is sent until `start()`.
    init(connection: Connection) {
        self.connection = connection
        camera = Proxy(connection: connection, destination: BusContract.busName, path: BusContract.objectPath,
                       interface: BusContract.cameraInterface)
        intents = Proxy(connection: connection, destination: BusContract.busName, path: BusContract.objectPath,
                        interface: BusContract.intentsInterface)
    }

    /// Follows PropertiesChanged and the daemon's name, then reads every property; the UI thread never
    /// waits for the bus (the match rules are added off it). `failed` hears, on the main loop, when the
    /// bus refuses to let it follow.
    func start(failed: @escaping @MainActor @Sendable (String) -> Void) {
        let (camera, connection) = (self.camera, self.connection)
        Task.detached {
            do {
                try await camera.onPropertiesChanged { changed in
                    MainLoop.post { [weak self] in self?.applySignalled(changed) }
                }
                try await connection.subscribe(matchRule: "type='signal',sender='org.freedesktop.DBus',interface='org.freedesktop.DBus',"
                                               + "member='NameOwnerChanged',arg0='\(BusContract.busName)'") { signal in
                    guard signal.arguments.count == 3, let owner = signal.arguments[2].stringValue, !owner.isEmpty else { return }
                    MainLoop.post { [weak self] in self?.daemonArrived() }
                }
                MainLoop.post { [weak self] in self?.reloadProperties() }
            } catch {
                let sentence = Self.sentence(error)
                MainLoop.post { failed(sentence) }
            }
        }
    }

    /// Calls `handler` with the changed properties after each PropertiesChanged (and after a reload).
    func onChange(_ handler: @escaping @MainActor ([String: Value]) -> Void) { changeObservers.append(handler) }

    /// Calls `handler` when a (new) daemon takes the name: everything should be read again.
    func onDaemonArrival(_ handler: @escaping @MainActor () -> Void) { arrivalObservers.append(handler) }

    /// Calls `method` of `Camera1` and answers on the main loop.
    func camera(_ method: String, _ args: [Value] = [], then: @escaping @MainActor @Sendable (Result<[Value], DBusError>) -> Void = { _ in }) {
        call(camera, method, args, then: then)
    }

    /// Calls `method` of `Intents1` and answers on the main loop.
    func intent(_ method: String, _ args: [Value] = [], then: @escaping @MainActor @Sendable (Result<[Value], DBusError>) -> Void = { _ in }) {
        call(intents, method, args, then: then)
    }

    /// Reads one `Camera1` property from the daemon now, not from the cache (a daemon that just started
    /// may answer the cache's GetAll before it settles); answered on the main loop, nil when unreadable.
    func readProperty(_ name: String, then: @escaping @MainActor @Sendable (Value?) -> Void) {
        let proxy = camera
        Task.detached {
            let value: Value?
            do { value = try await proxy.get(name, timeout: .seconds(5)) } catch {
                Log.info("the camera's \(name) could not be read: \(Self.sentence(error))")
                value = nil
            }
            MainLoop.post { then(value) }
        }
    }

    /// Reads every `Camera1` property again.
    func reloadProperties() {
        let proxy = camera
        reloadsSent += 1
        let reload = reloadsSent
        Task.detached {
            do {
                let all = try await proxy.getAll(timeout: .seconds(10))
                MainLoop.post { [weak self] in self?.applyReloaded(all, reload) }
            } catch {
                Log.info("the camera's properties could not be read: \(Self.sentence(error))")
            }
        }
    }

    private func call(_ proxy: Proxy, _ method: String, _ args: [Value],
                      then: @escaping @MainActor @Sendable (Result<[Value], DBusError>) -> Void) {
        Task.detached {
            let result: Result<[Value], DBusError>
            do {
                result = .success(try await proxy.call(method, args, timeout: .seconds(30)))
            } catch let error as DBusError {
                result = .failure(error)
            } catch {
                result = .failure(DBusError.failed("\(error)"))
            }
            MainLoop.post { then(result) }
        }
    }

    private func applySignalled(_ changed: [String: Value]) {
        for name in changed.keys { signalledDuring[name] = reloadsSent }
        apply(changed)
    }

    /// Keeps a reload's answer, but not over what came later: its answer hops through a task before it is posted,
    /// so a PropertiesChanged the bus delivered after it can be posted first. A property signalled since `reload` was
    /// sent keeps the signal's value (the daemon signals every change of a property GetAll answers, so the last signal
    /// before the answer is at least as new as the answer's value, and the ones after are newer), and the answer of an
    /// older reload that comes after a newer one is dropped.
    private func applyReloaded(_ all: [String: Value], _ reload: Int) {
        guard reload > reloadKept else { return }
        reloadKept = reload
        apply(all.filter { (signalledDuring[$0.key] ?? 0) < reload })
    }

    private func apply(_ changed: [String: Value]) {
        properties.merge(changed) { $1 }
        for observer in changeObservers { observer(changed) }
    }

    private func daemonArrived() {
        reloadProperties()
        for observer in arrivalObservers { observer() }
    }

    /// An error as one sentence.
    nonisolated static func sentence(_ error: any Error) -> String {
        (error as? DBusError)?.message ?? "\(error)"
    }
}
