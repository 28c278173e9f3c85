import Body
import Foundation

/// Rebuilds the takes index from the media folders after a damaged index was set aside: every
/// take file the camera named (`Retrocam-….jpg` in the pictures folder, `Retrocam-….webm` or
/// `.mkv` in the videos folder) that the index does not list is added back, oldest first.
/// Nothing is deleted or moved; the damaged file stays beside the index for a human.
struct IndexRebuild {
    /// The library to add the found takes to.
    let library: TakeLibrary

    /// Extensions the engine writes, by kind.
    static let photoExtensions: Set<String> = ["jpg", "jpeg"]
    static let clipExtensions: Set<String> = ["webm", "mkv"]

    /// Adds every unlisted take file of `picturesDirectory` and `videosDirectory`; answers the takes added.
    /// Tags cannot be read back from a file name, so rebuilt takes have none; clips have no duration
    /// until they are played (the index never stored one anywhere else).
    @discardableResult
    func adoptFiles(picturesDirectory: URL, videosDirectory: URL) -> [Take] {
        let listed = Set(library.takes.map { URL(fileURLWithPath: $0.path).standardizedFileURL.path })
        var found: [Take] = []
        for (folder, kinds) in [(picturesDirectory, IndexRebuild.photoExtensions), (videosDirectory, IndexRebuild.clipExtensions)] {
            for file in IndexRebuild.takeFiles(in: folder, extensions: kinds)
            where !listed.contains(file.url.standardizedFileURL.path) {
                let kind: TakeKind = IndexRebuild.photoExtensions.contains(file.url.pathExtension.lowercased()) ? .photo : .clip
                found.append(Take(kind: kind, path: file.url.path, created: file.created))
            }
        }
        found.sort { $0.created < $1.created }
        for take in found {
            do {
                try library.add(take)
            } catch {
                IntentError.log(error, context: "rebuilding the takes index with \(take.path)")
                return found.filter { library.take(id: $0.id) != nil }
            }
        }
        if !found.isEmpty { EngineLog.warn("The takes index was rebuilt from the media folders: \(found.count) take(s) found.") }
        return found
    }

    /// The camera's take files directly in `folder` with one of `extensions`, and when each was made.
    static func takeFiles(in folder: URL, extensions: Set<String>) -> [(url: URL, created: Date)] {
        let keys: [URLResourceKey] = [.isRegularFileKey, .creationDateKey, .contentModificationDateKey]
        guard let entries = try? FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: keys,
                                                                         options: [.skipsHiddenFiles]) else { return [] }
        return entries.compactMap { url in
            let name = url.lastPathComponent
            guard name.hasPrefix("Retrocam-"), extensions.contains(url.pathExtension.lowercased()),
                  let values = try? url.resourceValues(forKeys: Set(keys)), values.isRegularFile == true else { return nil }
            let created = values.creationDate ?? values.contentModificationDate ?? Date()
            return (url, created)
        }
    }
}
