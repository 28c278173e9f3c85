import Body
import DBus
import Foundation
import Intents

/// `org.retrocam.Camera1.ListTakes(i first, i count) → a(sssssdb)`: the LIBRARY, newest first —
/// path, kind (`photo`/`clip`), created (ISO 8601, UTC), decade, technology (clips), length in
/// seconds (0 for photos), recovered.
enum TakesMethod {
    /// The method row over `controller`.
    static func row(_ controller: CameraController) -> Method {
        Method("ListTakes", Arg<Int32>("first"), Arg<Int32>("count"), returns: Arg<Value>("takes", "a(sssssdb)")) { first, count in
            let takes = try await mappingErrors { () async throws(IntentError) in
                try await controller.takes(first: Int(first), count: Int(count))
            }
            return .array("(sssssdb)", takes.map(bus))
        }
    }

    /// One take as a row of the reply.
    static func bus(_ take: CapturedTake) -> Value {
        .structure([.string(take.path), .string(take.kind.rawValue), .string(take.created.formatted(.iso8601)),
                    .string(take.decade ?? ""), .string(take.technology ?? ""), .double(take.duration ?? 0),
                    .bool(take.recovered ?? false)])
    }
}
