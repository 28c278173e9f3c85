import Body

/// The controls with named choices: DECADE, MODE, FORMAT, SOUND, LIGHT, the camera facing and DATE IMPRINT.
extension Resolver {
    /// "1970s", "70s", "'70s", "seventies", "nineteen seventies", "1975", typed 1975.
    func decade(_ value: ParameterValue) throws(IntentError) -> Setting {
        let reading: DecadeReading?
        switch value {
        case .int(let year) where (-100_000..<100_000).contains(year): reading = Self.decadeReading(year: Int(year))
        case .double(let year) where year.isFinite && year == year.rounded() && abs(year) < 100_000:
            reading = Self.decadeReading(year: Int(year))
        case .int, .double: reading = nil
        case .bool: throw wrongType(.decade, value, expected: "a decade such as 1970s or a year")
        case .string(let text): reading = DecadeParser.parse(Phrase.normalize(text))
        }
        let range = body.catalog.range
        switch reading {
        case .decade(let year)?:
            guard range.contains(year), body.catalog.decade(year: year) != nil else { throw .unsupported(allowed(.decade)) }
            return .decade(year)
        case .ambiguous(let years)?:
            let names = years.filter { range.contains($0) }.map(Wording.decadeName)
            if names.count == 1, let year = years.first(where: { range.contains($0) }) { return .decade(year) }
            guard !names.isEmpty else { throw .unsupported(allowed(.decade)) }
            throw .ambiguous("Did you mean the \(Spoken.list(names.map { $0 }, conjunction: "or the"))?", choices: names)
        case nil:
            throw .unsupported(allowed(.decade))
        }
    }

    /// A typed year: 1975 → 1970s; a two-digit 70 → 1970s by the parser's century rule.
    static func decadeReading(year: Int) -> DecadeReading? {
        if year >= 1000 { return .decade(year / 10 * 10) }
        if (0..<100).contains(year) { return DecadeParser.shortDecade(year / 10 * 10) }
        return nil
    }

    /// cine/movie/video/film → Cine; still/photo/picture → Still (the mode lever's words in `ControlTable`).
    func mode(_ value: ParameterValue) throws(IntentError) -> Setting {
        guard case .string(let text) = value else { throw wrongType(.mode, value, expected: "Cine or Still") }
        var said = words(text)
        if said.last == "mode" { said.removeLast() }
        guard !said.isEmpty, let name = ControlID.mode.row.voice.value(of: said.joined(separator: " ")),
              let mode = Mode(rawValue: name) else {
            throw .unsupported(allowed(.mode))
        }
        return .mode(mode)
    }

    /// "4:3", "16:9", "2.39:1", "standard", "academy", "widescreen", "scope", "cinemascope", "anamorphic",
    /// "letterbox" (the bars of a scope picture on a wide screen).
    /// In STILL the body refuses it ("CINE ONLY"); the refusal comes when the setting is applied.
    func format(_ value: ParameterValue) throws(IntentError) -> Setting {
        guard case .string(let text) = value else { throw wrongType(.format, value, expected: "4:3, 16:9 or 2.39:1") }
        var said = words(text)
        if said.last == "format" || said.last == "aspect" { said.removeLast() }
        guard let name = ControlID.format.row.voice.value(of: said.joined(separator: " ")),
              let format = FrameFormat(rawValue: name) else { throw .unsupported(allowed(.format)) }
        return .format(format)
    }

    /// off/mono/stereo (and mute, silent: the SOUND button's words in `ControlTable`).
    func audio(_ value: ParameterValue) throws(IntentError) -> Setting {
        guard case .string(let text) = value else { throw wrongType(.audio, value, expected: "Off, Mono or Stereo") }
        guard let name = ControlID.audio.row.voice.value(of: words(text).joined(separator: " ")),
              let audio = AudioMode(rawValue: name) else { throw .unsupported(allowed(.audio)) }
        return .audio(audio)
    }

    /// on/off/true/false/yes/no, 1/0, typed bool; the control's own name may come with it ("flash on"), and
    /// said alone turns it on ("flash": in STILL the light button is the flash).
    func light(_ value: ParameterValue) throws(IntentError) -> Setting {
        .light(try onOff(.light, value, said: ControlID.light.row.voice, names: ControlID.light.row.voiceNames,
                         extraOn: ["lit"], extraOff: ["dark"]))
    }

    /// on/off/true/false/yes/no, 1/0, typed bool.
    func dateImprint(_ value: ParameterValue) throws(IntentError) -> Setting {
        .dateImprint(try onOff(.dateImprint, value, said: MenuRowID.dateImprint.voice, names: MenuRowID.dateImprint.voice.names))
    }

    /// A switch's position: its spoken words (on/off, yes/no), what scripts write (true/false,
    /// enable(d)/disable(d), 1/0), typed bool.
    private func onOff(_ kind: SettingKind, _ value: ParameterValue, said voice: ControlVoice, names: [String],
                       extraOn: Set<String> = [], extraOff: Set<String> = []) throws(IntentError) -> Bool {
        switch value {
        case .bool(let on): return on
        case .int(1): return true
        case .int(0): return false
        case .int, .double: throw wrongType(kind, value, expected: "on or off")
        case .string(let text):
            var said = words(text).joined(separator: " ")
            for name in names.sorted(by: { $0.count > $1.count }) {
                if said == name { return true }
                if said.hasPrefix(name + " ") { said.removeFirst(name.count + 1) } else if said.hasSuffix(" " + name) {
                    said.removeLast(name.count + 1)
                }
            }
            if let spoken = voice.value(of: said) { return spoken == "true" }
            if ["true", "1", "enable", "enabled"].contains(said) || extraOn.contains(said) { return true }
            if ["false", "0", "disable", "disabled"].contains(said) || extraOff.contains(said) { return false }
            throw .unsupported(allowed(kind))
        }
    }

    /// front/selfie/user, back/rear/main ("camera" after it is fine): which camera looks out.
    func facing(_ value: ParameterValue) throws(IntentError) -> Setting {
        guard case .string(let text) = value else { throw wrongType(.facing, value, expected: "front or back") }
        var said = words(text)
        if said.last == "camera" { said.removeLast() }
        guard let side = ControlID.flip.row.voice.value(of: said.joined(separator: " ")), let facing = Facing(rawValue: side) else {
            throw .unsupported(allowed(.facing))
        }
        return .facing(facing)
    }
}
