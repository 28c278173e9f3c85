import Glibc

extension Value {
    /// Every unix file descriptor inside `values`, however deeply nested (in variants, arrays,
    /// dictionaries and structures), in wire order.
    public static func descriptors(in values: [Value]) -> [Int32] {
        var found: [Int32] = []
        for value in values { value.collectDescriptors(into: &found) }
        return found
    }

    /// Closes every unix file descriptor inside `values` (the ones a received message carried).
    /// The corresponding C function is `close`.
    static func closeDescriptors(in values: [Value]) {
        for descriptor in descriptors(in: values) where descriptor >= 0 { _ = Glibc.close(descriptor) }
    }

    private func collectDescriptors(into found: inout [Int32]) {
        switch self {
        case .unixFD(let descriptor): found.append(descriptor)
        case .variant(let inner): inner.collectDescriptors(into: &found)
        case .array(_, let items), .structure(let items):
            for item in items { item.collectDescriptors(into: &found) }
        case .dictionary(_, _, let entries):
            for entry in entries {
                entry.key.collectDescriptors(into: &found)
                entry.value.collectDescriptors(into: &found)
            }
        default: break
        }
    }
}
