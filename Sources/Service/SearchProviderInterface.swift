import Body
import BusNames
import DBus
import Intents

/// `org.gnome.Shell.SearchProvider2` at `BusContract.searchProviderPath`: the Activities search, called
/// as gnome-shell calls it — terms → ids → metas → activate. Each result's name says what will happen,
/// its description the current value; ids belong to the latest search only.
///
/// | member | does |
/// |---|---|
/// | `GetInitialResultSet(as terms) → as` | the ids of the results, best first, at most a screenful |
/// | `GetSubsearchResultSet(as previous, as terms) → as` | the same, searched afresh |
/// | `GetResultMetas(as ids) → aa{sv}` | `id`, `name`, `description`, `gicon` of each id still known |
/// | `ActivateResult(s id, as terms, u timestamp)` | performs it, through the capture gate when it films |
/// | `LaunchSearch(as terms, u timestamp)` | opens the viewfinder |
public enum SearchProviderInterface {
    /// The whole interface as a table over `search`, with its own memory of the latest search.
    public static func table(_ search: SearchService) -> Interface {
        let memory = SearchMemory()
        let client = "GNOME Shell"
        let ids = Arg<[String]>("results")
        return Interface(BusContract.searchProviderInterface, methods: [
            Method("GetInitialResultSet", Arg<[String]>("terms"), returns: ids) { terms in
                await search.search(terms, in: memory, for: client)
            },
            Method("GetSubsearchResultSet", Arg<[String]>("previous_results"), Arg<[String]>("terms"), returns: ids) { _, terms in
                await search.search(terms, in: memory, for: client)
            },
            Method("GetResultMetas", Arg<[String]>("identifiers"), returns: Arg<Value>("metas", "aa{sv}")) { identifiers in
                let found = await search.results(identifiers, in: memory, for: client)
                return .array("a{sv}", found.map { id, result, description in
                    .orderedStringDict([
                        ("id", .string(id)), ("name", .string(result.name)),
                        ("description", .string(description)), ("gicon", .string(result.icon)),
                    ])
                })
            },
            // Whether it films is known once the id is looked up: the handler asks the gate then.
            Method("ActivateResult", in: [Argument("identifier", "s"), Argument("terms", "as"), Argument("timestamp", "u")],
                   captures: .askedByHandler) { call in
                guard case .string(let id) = call.arguments[0] else { return [] }
                try await search.activate(id, in: memory, for: client)
                return []
            },
            Method("LaunchSearch", in: [Argument("terms", "as"), Argument("timestamp", "u")], order: .anyOrder) { _ in
                search.launch()
                return []
            },
        ])
    }
}
