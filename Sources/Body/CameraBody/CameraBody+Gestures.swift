/// The VoiceOver gestures: a swipe turns a dial a step, a double tap works a button.
extension CameraBody {
    /// VoiceOver swipe: adjustable controls (decade, style, degree, exposure, zoom) step by one per swipe,
    /// up being positive. Each stops at its ends; EXPOSURE stops at -2 and +2 here instead of wrapping.
    /// Answers the control's new spoken form. A button or the counter throws `notAdjustable`.
    public mutating func adjust(_ id: ControlID, steps: Int) throws(IntentError) -> SpokenControl {
        switch id {
        case .decade:
            let index = catalog.index(of: decade) ?? 0
            let target = Self.clamped(index, by: steps, within: 0...(catalog.decades.count - 1))
            try setDecade(year: catalog.decades[target].year)
        case .style:
            if mode == .cine {
                let index = decade.technologies.firstIndex(of: technology) ?? 0
                let target = Self.clamped(index, by: steps, within: 0...(decade.technologies.count - 1))
                try setTechnology(id: decade.technologies[target].id)
            } else {
                let index = decade.styles.firstIndex(of: style) ?? 0
                let target = Self.clamped(index, by: steps, within: 0...(decade.styles.count - 1))
                try setStyle(id: decade.styles[target].id)
            }
        case .degree:
            try setDegree(Self.clamped(degree, by: steps, within: Self.degreeRange))
        case .exposure:
            let position = Self.clamped(exposureIndex, by: steps, within: 0...(Self.exposurePositions - 1))
            try setExposure(Self.exposure(atIndex: position))
        case .zoom:
            let index = Int(((zoom - Self.zoomRange.lowerBound) / Self.zoomStep).rounded())
            let last = Int(((Self.zoomRange.upperBound - Self.zoomRange.lowerBound) / Self.zoomStep).rounded())
            let target = Self.clamped(index, by: steps, within: 0...last)
            try setZoom(Self.zoomRange.lowerBound + Double(target) * Self.zoomStep)
        case .rec, .mode, .format, .timer, .light, .audio, .library, .lastTake, .menu, .flip, .undo, .counter:
            throw .notAdjustable(id)
        }
        return spoken(id)
    }

    /// The physical rockers, pressed on the body rather than swiped with VoiceOver: EXPOSURE moves `steps`
    /// half stops and wraps from +2 to -2 and back; ZOOM moves 0.5x a step and stops at 1.0x and 4.0x.
    /// Answers the rocker's new spoken form; any other control throws `notARocker`.
    public mutating func rock(_ id: ControlID, steps: Int) throws(IntentError) -> SpokenControl {
        switch id {
        case .exposure:
            rockExposure(steps: steps)
            return spoken(id)
        case .zoom:
            return try adjust(id, steps: steps)
        default:
            throw .notARocker(id)
        }
    }

    /// The plain EXPOSURE rocker: moves `steps` half stops and wraps from +2 to -2 and back.
    public mutating func rockExposure(steps: Int) {
        let positions = Self.exposurePositions
        let wrapped = ((exposureIndex + steps % positions) % positions + positions) % positions
        exposure = Self.exposure(atIndex: wrapped)
    }

    /// Double tap: buttons and switches only (rec, mode, format, timer, light, audio, library, last-take,
    /// menu, flip, undo). Answers what the tap asks for; the Intents layer carries it out. REC asks to
    /// pause while recording, for the shutter in STILL, else to start. FORMAT in STILL is not allowed
    /// ("CINE ONLY"). A dial or the counter throws `notActivatable`.
    public func press(_ id: ControlID) throws(IntentError) -> ButtonPress {
        switch id {
        case .rec:
            if recording { return .pauseRecording }
            return mode == .still ? .shutter : .startRecording
        case .mode: return .toggleMode
        case .format:
            guard mode == .cine else { throw .notAllowed(Self.formatCineOnlySentence) }
            return .cycleFormat
        case .timer: return .cycleTimer
        case .light: return .toggleLight
        case .audio: return .cycleAudio
        case .library: return .openLibrary
        case .lastTake: return .showLastTake
        case .menu: return .toggleMenu
        case .flip: return .flip
        case .undo: return .undo
        case .decade, .style, .degree, .exposure, .zoom, .counter:
            throw .notActivatable(id)
        }
    }

    /// How many positions the EXPOSURE rocker has (-2.0 … +2.0 in 0.5 steps: 9).
    static var exposurePositions: Int {
        Int(((exposureRange.upperBound - exposureRange.lowerBound) / exposureStep).rounded()) + 1
    }

    /// The rocker position of the current exposure, 0 being -2 EV.
    private var exposureIndex: Int {
        Int(((exposure - Self.exposureRange.lowerBound) / Self.exposureStep).rounded())
    }

    private static func exposure(atIndex index: Int) -> Double {
        let ev = exposureRange.lowerBound + Double(index) * exposureStep
        return ev == 0 ? 0 : ev
    }

    /// `value` moved by `steps`, kept within `range`, without overflowing on huge step counts.
    private static func clamped(_ value: Int, by steps: Int, within range: ClosedRange<Int>) -> Int {
        let (sum, overflow) = value.addingReportingOverflow(steps)
        if overflow { return steps > 0 ? range.upperBound : range.lowerBound }
        return min(max(sum, range.lowerBound), range.upperBound)
    }
}
