import Blocking
import Body
import DBus
import Intents

/// The one search behind both desktop launchers (GNOME Shell's `SearchProvider2`, KRunner's `krunner1`):
/// reads the typed words, matches them (`CameraController.search`), remembers the results of each
/// client's latest search by id, and activates one through the same capture gate as the bus call that
/// does the same. Each interface is only its own wire format over this.
public final class SearchService: Sendable {
    private let controller: CameraController
    private let shortcuts: any ShortcutsBackend
    private let openViewfinder: @Sendable () -> Void
    private let log: @Sendable (String) -> Void

    /// Searches `controller` and the shortcuts of `shortcuts`; `openViewfinder` starts the camera's window
    /// (LaunchSearch, a KRunner action); `log` says what was not done and why.
    public init(controller: CameraController, shortcuts: any ShortcutsBackend,
                openViewfinder: @escaping @Sendable () -> Void, log: @escaping @Sendable (String) -> Void) {
        self.controller = controller
        self.shortcuts = shortcuts
        self.openViewfinder = openViewfinder
        self.log = log
    }

    /// The ids of the results for `terms`, best first, remembered in `memory` as its latest search. A
    /// search too long to be typed answers nothing at once, and says so in the log.
    nonisolated(nonsending) func search(_ terms: [String], in memory: SearchMemory, for client: String) async -> [String] {
        let query: SearchQuery
        do throws(SearchRefusal) { query = try SearchQuery(terms: terms) } catch {
            log("search (\(client)): nothing matched: \(error.reason).")
            return memory.remember([])
        }
        guard !query.words.isEmpty else { return memory.remember([]) }
        // The shortcut files are read off the threads that answer the bus; the shell drops a slow provider,
        // so a stalled disk gives a search without them rather than a late one.
        let entries: [ShortcutLibrary.Entry]
        do { entries = try await BlockingPool.shared.run("reading the shortcuts", timeout: .seconds(1)) { [shortcuts] in shortcuts.shortcutEntries() } } catch {
            log("search (\(client)): the shortcuts were not read in time, so they are not searched.")
            entries = []
        }
        return memory.remember(await controller.search(query, shortcuts: entries))
    }

    /// The results of `ids` that `memory` still has, each with its description as of now; ids it does not
    /// have are left out, and said in the log.
    nonisolated(nonsending) func results(_ ids: [String], in memory: SearchMemory,
                                         for client: String) async -> [(id: String, result: SearchResult, description: String)] {
        var found: [(id: String, result: SearchResult, description: String)] = []
        var missing: [String] = []
        for id in ids {
            guard case .found(let result) = memory.result(id) else {
                missing.append(id)
                continue
            }
            found.append((id, result, await controller.searchDescription(result)))
        }
        if let first = missing.first {
            log("search (\(client)): \(missing.count) of the ids asked for (\(Spoken.shortened(first))\(missing.count > 1 ? ", …" : "")) are not results of the latest search, so they are not described.")
        }
        return found
    }

    /// Performs the result `id` of `memory`'s latest search, as shown; a result that films passes the
    /// capture gate first, as its bus call does (a refusal is thrown as on the bus). An id of an older
    /// search, or one never given, does nothing and says so in the log.
    nonisolated(nonsending) func activate(_ id: String, in memory: SearchMemory, for client: String) async throws {
        guard let result = lookup(id, in: memory, for: client) else { return }
        let perform: nonisolated(nonsending) @Sendable () async throws -> String = { [controller, shortcuts] in
            try await mappingErrors { () async throws(IntentError) in
                if case .shortcut(let name) = result.action { return try await shortcuts.runShortcut(name).dialog }
                return try await controller.performSearchResult(result)
            }
        }
        let dialog: String
        if result.captures, let call = MethodCall.current {
            dialog = try await call.admitted { try await perform() }
        } else {
            dialog = try await perform()
        }
        log("search (\(client)): \(result.name): \(dialog)")
    }

    /// Opens the viewfinder.
    func launch() { openViewfinder() }

    private func lookup(_ id: String, in memory: SearchMemory, for client: String) -> SearchResult? {
        switch memory.result(id) {
        case .found(let result): return result
        case .older:
            log("search (\(client)): \(Spoken.shortened(id)) is a result of an older search, so it is not activated.")
        case .unknown:
            log("search (\(client)): \(Spoken.shortened(id)) is not a result of a search, so it is not activated.")
        }
        return nil
    }
}
