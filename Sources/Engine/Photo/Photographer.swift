import Blocking
import Foundation

/// A photo: the frame live when the call arrived (zero shutter lag) when it already carries the
/// current look, else the first frame that does. A sleeping camera is opened for it (its dark first
/// frames skipped) and lingers afterwards. The frame is encoded and written on the blocking pool.
public struct Photographer: Sendable {
    let session: CameraSession
    let store: TakeStore
    let pool: BlockingPool

    /// Saves a JPEG in the pictures folder, tagged with `tags`, and indexes it.
    public func take(tags: [String: String]) async throws -> Take {
        let requested = Date()
        let release = session.acquire("a photo", openInBackground: false)
        defer { release() }
        let frame = try await session.photoFrame()
        let (store, timeout) = (self.store, store.configuration.pipelineTimeout)
        // The disk is touched only on the pool: a stalled folder must not stall the bus.
        return try await pool.run("saving the photo") {
            try store.checkRoom(in: store.configuration.picturesDirectory)
            return try store.savePhoto(try frame.encoded(as: "image/jpeg", timeout: timeout), taken: requested, tags: tags)
        }
    }
}
