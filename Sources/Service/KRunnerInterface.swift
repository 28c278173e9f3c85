import Body
import BusNames
import DBus
import Intents

/// `org.kde.krunner1` at `BusContract.krunnerPath`: KRunner's D-Bus runner over the same search as
/// GNOME Shell's provider (`SearchService`), in KRunner's wire format.
///
/// | member | does |
/// |---|---|
/// | `Actions() → a(sss)` | the one action beside every match: open the viewfinder (`id`, `text`, `icon`) |
/// | `Match(s query) → a(sssida{sv})` | `id`, `text`, `icon`, type (100 exact for the best, 30 possible), relevance, `subtext` |
/// | `Run(s matchId, s actionId)` | performs the match (`""`), or opens the viewfinder (`viewfinder`) |
public enum KRunnerInterface {
    /// KRunner's match types: the best result is an exact match, the rest possible ones.
    static let exactMatch: Int32 = 100
    static let possibleMatch: Int32 = 30
    /// The action that opens the viewfinder.
    static let viewfinderAction = "viewfinder"

    /// The whole interface as a table over `search`, with its own memory of the latest search.
    public static func table(_ search: SearchService) -> Interface {
        let memory = SearchMemory()
        let client = "KRunner"
        return Interface(BusContract.krunnerInterface, methods: [
            Method("Actions", returns: Arg<Value>("matches", "a(sss)"), order: .anyOrder) {
                .array("(sss)", [.structure([.string(viewfinderAction), .string("Open the viewfinder"), .string("camera-photo")])])
            },
            Method("Match", Arg<String>("query"), returns: Arg<Value>("matches", "a(sssida{sv})")) { query in
                let ids = await search.search([query], in: memory, for: client)
                let found = await search.results(ids, in: memory, for: client)
                return .array("(sssida{sv})", found.enumerated().map { rank, match in
                    .structure([
                        .string(match.id), .string(match.result.name), .string(match.result.icon),
                        .int32(rank == 0 ? exactMatch : possibleMatch),
                        .double(1.0 - Double(rank) / Double(max(found.count, 1))),
                        .orderedStringDict([("subtext", .string(match.description))]),
                    ])
                })
            },
            Method("Run", Arg<String>("matchId"), Arg<String>("actionId"), captures: .askedByHandler) { id, action in
                switch action {
                case "": try await search.activate(id, in: memory, for: client)
                case viewfinderAction: search.launch()
                default:
                    throw DBusError.invalidArgs("There is no action \(Spoken.shortened(action)); the one action is \(viewfinderAction).")
                }
            },
        ])
    }
}
