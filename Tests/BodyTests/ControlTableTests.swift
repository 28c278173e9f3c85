import Testing
@testable import Body

/// The control table holds every control of the seed once, and what its rows say agrees with itself and
/// with the body: names VoiceOver says, a layout without overlaps, values the controls really take.
@Suite struct ControlTableTests {
    @Test func everyControlHasOneRowInTheSeedsOrder() {
        #expect(ControlTable.rows.map(\.id) == ControlID.allCases)
        for id in ControlID.allCases { #expect(ControlTable.row(id).id == id) }
    }

    @Test(arguments: ControlID.allCases)
    func aRowsGesturesFitItsKind(_ id: ControlID) {
        let row = id.row
        switch row.kind {
        case .adjustable:
            #expect(row.intents.adjust == "AdjustControl" && row.intents.set != nil, "\(id) is turned and set")
            #expect([.wheel, .dial, .rocker].contains(row.face))
        case .button:
            #expect(row.intents.adjust == nil)
            #expect(![.wheel, .dial, .rocker, .counter].contains(row.face))
        case .readout:
            #expect(row.intents == ControlIntents())
            #expect(row.face == .counter)
        }
    }

    @Test(arguments: ControlID.allCases)
    func voiceNamesStartWithWhatVoiceOverSaysAndTheEngraving(_ id: ControlID) {
        let row = id.row
        let names = row.voiceNames
        for spoken in row.spokenNames { #expect(names.contains(spoken.name.lowercased()), "\(id) answers to '\(spoken.name)'") }
        #expect(names.contains(ControlRow.lowercasedName(row.engraving)))
        #expect(Set(names).count == names.count, "\(id): no name twice")
        #expect(row.spokenNames.last?.when == nil, "\(id): the last spoken name is said in every other state")
    }

    @Test func spokenNamesFollowTheBodysState() throws {
        let cine = CameraBody()
        let still = try body { $0.setMode(.still) }
        let recording = try body { $0.setRecording(true) }
        #expect(ControlID.rec.row.spokenName(on: cine) == "Record")
        #expect(ControlID.rec.row.spokenName(on: still) == "Shutter")
        #expect(ControlID.rec.row.spokenName(on: recording) == "Stop")
        #expect(ControlID.light.row.spokenName(on: cine) == "Light")
        #expect(ControlID.light.row.spokenName(on: still) == "Flash")
        #expect(ControlID.style.row.spokenName(on: cine) == "Technology")
        #expect(ControlID.style.row.spokenName(on: still) == "Style")
    }

    @Test func cellsLieOnTheGridWithoutOverlapping() {
        var taken: Set<[Int]> = []
        for row in ControlTable.rows {
            #expect(row.cell.width >= 1 && row.cell.height >= 1 && row.cell.column >= 0 && row.cell.row >= 0)
            for column in row.cell.column..<(row.cell.column + row.cell.width) {
                for line in row.cell.row..<(row.cell.row + row.cell.height) {
                    #expect(taken.insert([column, line]).inserted, "\(row.id) overlaps another control at \(column), \(line)")
                }
            }
        }
    }

    @Test func propertiesAreNamedOnce() {
        let properties = ControlTable.rows.compactMap(\.property)
        #expect(Set(properties).count == properties.count)
    }

    @Test func numericValueWordsAreValuesTheControlsTake() throws {
        for word in ControlID.degree.row.voice.values {
            let degree = try #require(Int(word.value), "degree '\(word.spoken)'")
            #expect(CameraBody.degreeRange.contains(degree))
        }
        for word in ControlID.exposure.row.voice.values {
            var body = CameraBody()
            try body.setExposure(try #require(Double(word.value), "exposure '\(word.spoken)'"))
        }
        for word in ControlID.zoom.row.voice.values {
            var body = CameraBody()
            try body.setZoom(try #require(Double(word.value), "zoom '\(word.spoken)'"))
        }
        for word in ControlID.timer.row.voice.values {
            #expect(CameraBody.timerChoices.contains(try #require(Int(word.value))), "timer '\(word.spoken)'")
        }
        #expect(ControlID.exposure.row.voice.value(of: "max") == "2.0")
        #expect(ControlID.zoom.row.voice.value(of: "two and a half x") == "2.5")
        #expect(ControlID.zoom.row.voice.value(of: "two and three quarters x") == nil, "only forms written out are listed")
        #expect(ControlID.zoom.row.voice.value(of: "two point five x") == "2.5")
    }

    @Test func namedValuesAreTheControlsOwn() {
        let formats = Set(ControlID.format.row.voice.values.map(\.value))
        #expect(formats == Set(FrameFormat.allCases.map(\.rawValue)))
        #expect(Set(ControlID.audio.row.voice.values.map(\.value)) == Set(AudioMode.allCases.map(\.rawValue)))
        #expect(Set(ControlID.mode.row.voice.values.map(\.value)) == Set(Mode.allCases.map(\.rawValue)))
        #expect(Set(ControlID.flip.row.voice.values.map(\.value)) == Set(Facing.allCases.map(\.rawValue)))
        let decades = Set(Catalog.standard.decades.map(\.name))
        #expect(Set(ControlID.decade.row.voice.values.map(\.value)) == decades)
        #expect(ControlID.decade.row.voice.value(of: "roaring twenties") == "1920s")
        #expect(ControlID.decade.row.voice.value(of: "nineteen seventies") == "1970s")
    }

    @Test func everySpokenFormIsListedOnce() {
        for row in ControlTable.rows {
            var seen: [String: String] = [:]
            for word in row.voice.values {
                if let earlier = seen[word.spoken] { #expect(earlier == word.value, "\(row.id): '\(word.spoken)' names one value") }
                seen[word.spoken] = word.value
            }
        }
    }
}
