import DBus
import Foundation
import Intents

/// `org.retrocam.Camera1.ListTakes(i first, i count) → a(sssssdb)`: the LIBRARY, newest first —
/// path, kind (`photo`/`clip`), created (ISO 8601, UTC), decade, technology (clips), length in
/// seconds (0 for photos), recovered.
enum TakesMethod {
    /// The method row over `controller`.
    static func row(_ controller: CameraController) -> Method {
        Method("ListTakes", in: [Argument("first", "i"), Argument("count", "i")],
               out: [Argument("takes", "a(sssssdb)")]) { call in
            let first = Int(try call.int32(0))
            let count = Int(try call.int32(1))
            let takes = try await mappingErrors { () async throws(IntentError) in
                try await controller.takes(first: first, count: count)
            }
            return [.array("(sssssdb)", takes.map(bus))]
        }
    }

    /// One take as a row of the reply.
    static func bus(_ take: CapturedTake) -> Value {
        .structure([.string(take.path), .string(take.kind.rawValue), .string(take.created.formatted(.iso8601)),
                    .string(take.decade ?? ""), .string(take.technology ?? ""), .double(take.duration ?? 0),
                    .bool(take.recovered ?? false)])
    }
}
