import Body
import Foundation
#if canImport(Glibc)
import Glibc
#endif

/// A file operation of `PrivateFolder` that failed: the `errno`, what was being done and where.
struct FileFailure: Error, Sendable, Equatable {
    /// What was being done.
    enum Operation: Sendable, Equatable {
        case makeFolder, openFolder, foreignFolder, create, write, read, move
    }

    /// The C error number.
    let code: Int32
    /// What was being done.
    let operation: Operation
    /// The file or folder concerned.
    let path: String

    init(_ code: Int32, _ operation: Operation, _ path: String) {
        self.code = code
        self.operation = operation
        self.path = path
    }

    /// The system's words for `code` ("Read-only file system").
    var reason: String { String(cString: strerror(code)) }

    /// The folder the failure is about: `path` itself for folder operations, else its parent.
    var folder: String {
        switch operation {
        case .makeFolder, .openFolder, .foreignFolder: return path
        default: return (path as NSString).deletingLastPathComponent
        }
    }

    /// The engine error a caller sees, with a sentence naming the folder: a read-only, forbidden,
    /// linked or foreign folder is `.notAllowed`; a full disk is `.storageFull`; the rest say what failed.
    /// `what` names the thing being saved ("the photo", "the clip", "the takes index").
    func refusal(saving what: String) -> IntentError {
        switch (operation, code) {
        case (.foreignFolder, _):
            return .notAllowed("The folder \(folder) belongs to another user, so \(what) cannot be kept private there.")
        case (_, ELOOP), (.openFolder, ENOTDIR):
            return .notAllowed("The folder \(folder) is a symbolic link or not a folder; Retrocam saves \(what) only into a real folder of its own.")
        case (_, EROFS):
            return .notAllowed("The folder \(folder) is read-only, so \(what) cannot be saved there.")
        case (_, EACCES), (_, EPERM):
            return .notAllowed("The folder \(folder) may not be written to, so \(what) cannot be saved there.")
        case (_, ENOSPC), (_, EDQUOT):
            return .storageFull("The disk holding \(folder) is full, so \(what) could not be saved.")
        default:
            return .storageFull("\(what.prefix(1).uppercased() + what.dropFirst()) could not be saved in \(folder): \(reason).")
        }
    }
}
