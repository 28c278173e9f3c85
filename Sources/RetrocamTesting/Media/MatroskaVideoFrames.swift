/// The video frames' times in a Matroska or WebM file, read from its bytes alone: no demuxer, no other
/// process. Made for clips still being written: a Segment or Cluster of unknown size, and a last element
/// cut off by the end of the bytes, are read up to where the bytes stop; bytes that are not Matroska
/// give no frames. Never traps, whatever the bytes.
public enum MatroskaVideoFrames {
    enum ID {
        static let ebml: UInt32 = 0x1A45_DFA3, segment: UInt32 = 0x1853_8067
        static let info: UInt32 = 0x1549_A966, timecodeScale: UInt32 = 0x2A_D7B1
        static let tracks: UInt32 = 0x1654_AE6B, trackEntry: UInt32 = 0xAE
        static let trackNumber: UInt32 = 0xD7, trackType: UInt32 = 0x83, defaultDuration: UInt32 = 0x23_E383
        static let cluster: UInt32 = 0x1F43_B675, timecode: UInt32 = 0xE7
        static let simpleBlock: UInt32 = 0xA3, blockGroup: UInt32 = 0xA0, block: UInt32 = 0xA1
        /// The elements that sit beside a Cluster in a Segment (and the two above it): one of them ends a
        /// Cluster of unknown size.
        static let besideCluster: Set<UInt32> = [
            ebml, segment, info, tracks, cluster, 0x114D_9B74, 0x1C53_BB6B, 0x1941_A469, 0x1043_A770, 0x1254_C367,
        ]
    }

    /// What the Segment's Info and Tracks say, as far as they have been read.
    struct Context {
        /// Nanoseconds per timecode tick (Matroska's default when Info does not say).
        var timecodeScale: UInt64 = 1_000_000
        /// The first video track's number (TrackType 1), once Tracks has been read.
        var videoTrack: UInt64?
        /// The video track's nanoseconds per frame, when it says: times of the frames after the first in a laced block.
        var frameDuration: UInt64?
    }

    /// Presentation times (seconds) of the video frames in `bytes`, in the file's order.
    public static func times(in bytes: [UInt8]) -> [Double] {
        guard let header = EBMLElement(bytes, at: 0), header.id == ID.ebml, let headerEnd = header.declaredEnd else { return [] }
        var times: [Double] = []
        var offset = headerEnd
        while let segment = EBMLElement(bytes, at: offset) {
            if segment.id == ID.segment { readSegment(bytes, segment, into: &times) }
            guard let end = segment.declaredEnd, end < bytes.count else { break }
            offset = end
        }
        return times
    }

    /// Reads a Segment's Info, Tracks and Clusters, in the order they come.
    static func readSegment(_ bytes: [UInt8], _ segment: EBMLElement, into times: inout [Double]) {
        var context = Context()
        var offset = segment.start
        let end = segment.end(in: bytes)
        while offset < end, let child = EBMLElement(bytes, at: offset) {
            switch child.id {
            case ID.info: readInfo(bytes, child, into: &context)
            case ID.tracks: readTracks(bytes, child, into: &context)
            case ID.cluster:
                offset = readCluster(bytes, child, context, into: &times)
                continue
            default: break
            }
            guard let next = child.declaredEnd else { return }
            offset = next
        }
    }

    static func readInfo(_ bytes: [UInt8], _ info: EBMLElement, into context: inout Context) {
        for child in children(bytes, info) where child.id == ID.timecodeScale {
            if let scale = child.unsigned(in: bytes), scale > 0 { context.timecodeScale = scale }
        }
    }

    static func readTracks(_ bytes: [UInt8], _ tracks: EBMLElement, into context: inout Context) {
        for entry in children(bytes, tracks) where entry.id == ID.trackEntry && context.videoTrack == nil {
            var number: UInt64?, type: UInt64?, duration: UInt64?
            for field in children(bytes, entry) {
                switch field.id {
                case ID.trackNumber: number = field.unsigned(in: bytes)
                case ID.trackType: type = field.unsigned(in: bytes)
                case ID.defaultDuration: duration = field.unsigned(in: bytes)
                default: break
                }
            }
            if type == 1, let number {
                context.videoTrack = number
                context.frameDuration = duration
            }
        }
    }

    /// Reads a Cluster's blocks and answers where the Segment's next child starts: after the Cluster's
    /// declared end, or, for one of unknown size, at the first element that cannot be inside a Cluster.
    static func readCluster(_ bytes: [UInt8], _ cluster: EBMLElement, _ context: Context,
                            into times: inout [Double]) -> Int {
        var clusterTime: UInt64 = 0
        var offset = cluster.start
        let end = cluster.end(in: bytes)
        while offset < end, let child = EBMLElement(bytes, at: offset) {
            if cluster.declaredEnd == nil, ID.besideCluster.contains(child.id) { return offset }
            switch child.id {
            case ID.timecode: clusterTime = child.unsigned(in: bytes) ?? clusterTime
            case ID.simpleBlock: readBlock(bytes, child, clusterTime, context, into: &times)
            case ID.blockGroup:
                for block in children(bytes, child) where block.id == ID.block {
                    readBlock(bytes, block, clusterTime, context, into: &times)
                }
            default: break
            }
            // An element of unknown size inside a Cluster is not Matroska: nothing after it can be read.
            guard let next = child.declaredEnd else { return bytes.count }
            offset = next
        }
        return cluster.declaredEnd ?? bytes.count
    }

    /// A whole (Simple)Block of the video track adds its frames: track number, 16-bit signed time
    /// relative to the Cluster's, flags (lacing: a frame count follows), then the frames.
    static func readBlock(_ bytes: [UInt8], _ block: EBMLElement, _ clusterTime: UInt64, _ context: Context,
                          into times: inout [Double]) {
        guard block.isComplete(in: bytes), let videoTrack = context.videoTrack,
              let (track, length) = EBMLElement.vint(bytes, at: block.start, maxLength: 8, keepMarker: false),
              track == videoTrack, block.start + length + 3 <= block.end(in: bytes) else { return }
        let at = block.start + length
        let relative = Int16(bitPattern: UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1]))
        let laced = bytes[at + 2] & 0x06 != 0
        guard !laced || at + 3 < block.end(in: bytes) else { return }
        let frames = laced ? Int(bytes[at + 3]) + 1 : 1
        let scale = Double(context.timecodeScale)
        let first = (Double(clusterTime) + Double(relative)) * scale
        for index in 0..<frames {
            times.append((first + Double(index) * Double(context.frameDuration ?? 0)) / 1e9)
        }
    }

    /// The elements directly inside `parent`, up to its end or to where the bytes stop.
    static func children(_ bytes: [UInt8], _ parent: EBMLElement) -> [EBMLElement] {
        var found: [EBMLElement] = []
        var offset = parent.start
        let end = parent.end(in: bytes)
        while offset < end, let child = EBMLElement(bytes, at: offset) {
            found.append(child)
            guard let next = child.declaredEnd else { break }
            offset = next
        }
        return found
    }
}
