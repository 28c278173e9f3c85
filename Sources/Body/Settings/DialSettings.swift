import Foundation

/// What a camera body keeps while it is switched off: where every dial, rocker and switch was left,
/// MENU › DATE IMPRINT and the SET CLOCK offset (its battery keeps the clock). Not what a take or the
/// engine decides (recording, the open MENU, the tape counter). Plain values — the decade's year,
/// entry ids, numbers and spoken words — so a saved copy reads the same after the catalog grows.
/// Every field is optional: one that is missing or of the wrong type is left at the factory position.
public struct DialSettings: Codable, Sendable, Equatable {
    /// The DECADE wheel, as its first year (1970).
    public var decade: Int?
    /// The CINE dial's technology id.
    public var technology: String?
    /// The STILL dial's style id.
    public var style: String?
    /// DEGREE, 1…12.
    public var degree: Int?
    /// The mode lever: `Cine` or `Still`.
    public var mode: String?
    /// EXPOSURE in EV.
    public var exposure: Double?
    /// ZOOM factor.
    public var zoom: Double?
    /// FORMAT: `4:3`, `16:9` or `2.39:1`.
    public var format: String?
    /// TIMER seconds: 0, 3 or 10.
    public var timer: Int?
    /// LIGHT/FLASH.
    public var light: Bool?
    /// SOUND: `Off`, `Mono` or `Stereo`.
    public var audio: String?
    /// FLIP's side: `back` or `front`.
    public var facing: String?
    /// MENU › DATE IMPRINT.
    public var dateImprint: Bool?
    /// SET CLOCK: seconds the camera's clock runs ahead of real time.
    public var clockOffset: Double?
    /// Whether the virtual camera was on.
    public var virtualCamera: Bool?

    /// Nothing set: a factory body.
    public init() {}

    /// The settings of `body`.
    public init(_ body: CameraBody) {
        decade = body.decade.year
        technology = body.technology.id
        style = body.style.id
        degree = body.degree
        mode = body.mode.rawValue
        exposure = body.exposure
        zoom = body.zoom
        format = body.format.rawValue
        timer = body.timer
        light = body.light
        audio = body.audio.rawValue
        facing = body.facing.rawValue
        dateImprint = body.dateImprint
        clockOffset = body.clock.offset
        virtualCamera = body.virtualCamera
    }

    /// Reads each field on its own: a field of the wrong type counts as missing (and is named in
    /// `unreadable`) instead of losing every other setting.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var unreadable: [String] = []
        func field<T: Decodable>(_ key: CodingKeys) -> T? {
            do { return try container.decodeIfPresent(T.self, forKey: key) } catch {
                unreadable.append(key.stringValue)
                return nil
            }
        }
        decade = field(.decade)
        technology = field(.technology)
        style = field(.style)
        degree = field(.degree)
        mode = field(.mode)
        exposure = field(.exposure)
        zoom = field(.zoom)
        format = field(.format)
        timer = field(.timer)
        light = field(.light)
        audio = field(.audio)
        facing = field(.facing)
        dateImprint = field(.dateImprint)
        clockOffset = field(.clockOffset)
        virtualCamera = field(.virtualCamera)
        self.unreadable = unreadable
    }

    /// Fields the file held with a type this version cannot read (not saved again).
    public private(set) var unreadable: [String] = []

    private enum CodingKeys: String, CodingKey {
        case decade, technology, style, degree, mode, exposure, zoom, format, timer, light, audio, facing
        case dateImprint, clockOffset, virtualCamera
    }

    /// Equal when every setting is (what could not be read does not count).
    public static func == (lhs: DialSettings, rhs: DialSettings) -> Bool {
        lhs.decade == rhs.decade && lhs.technology == rhs.technology && lhs.style == rhs.style
            && lhs.degree == rhs.degree && lhs.mode == rhs.mode && lhs.exposure == rhs.exposure
            && lhs.zoom == rhs.zoom && lhs.format == rhs.format && lhs.timer == rhs.timer
            && lhs.light == rhs.light && lhs.audio == rhs.audio && lhs.facing == rhs.facing
            && lhs.dateImprint == rhs.dateImprint && lhs.clockOffset == rhs.clockOffset
            && lhs.virtualCamera == rhs.virtualCamera
    }
}

extension CameraBody {
    /// A factory body turned to `settings` through the same setters a caller uses, so a value the
    /// dial does not have (degree 99, an unknown style, a NaN offset) is refused by the same rule:
    /// that control stays at the factory position and `rejected` says which and why.
    /// `now` is the real time, against which the clock's offset must keep its year on the dial.
    public static func restoring(_ settings: DialSettings, catalog: Catalog = .standard, at now: Date)
        -> (body: CameraBody, rejected: [String]) {
        var body = CameraBody(catalog: catalog)
        var rejected = settings.unreadable.map { "\($0): not a value of the right type." }
        func apply(_ name: String, _ value: (some Any)?, _ set: (inout CameraBody) throws(IntentError) -> Void) {
            guard let value else { return }
            do { try set(&body) } catch { rejected.append("\(name) \(value): \(error.message)") }
        }
        apply("decade", settings.decade) { body throws(IntentError) in try body.setDecade(year: settings.decade!) }
        apply("technology", settings.technology) { body throws(IntentError) in try body.setTechnology(id: settings.technology!) }
        apply("style", settings.style) { body throws(IntentError) in try body.setStyle(id: settings.style!) }
        apply("degree", settings.degree) { body throws(IntentError) in try body.setDegree(settings.degree!) }
        apply("exposure", settings.exposure) { body throws(IntentError) in try body.setExposure(settings.exposure!) }
        apply("zoom", settings.zoom) { body throws(IntentError) in try body.setZoom(settings.zoom!) }
        // FORMAT turns in CINE only, so before the mode lever moves.
        apply("format", settings.format) { body throws(IntentError) in try body.setFormat(try named(settings.format!, in: FrameFormat.self)) }
        apply("mode", settings.mode) { body throws(IntentError) in body.setMode(try named(settings.mode!, in: Mode.self)) }
        apply("timer", settings.timer) { body throws(IntentError) in try body.setTimer(seconds: settings.timer!) }
        apply("light", settings.light) { body throws(IntentError) in body.setLight(settings.light!) }
        apply("audio", settings.audio) { body throws(IntentError) in body.setAudio(try named(settings.audio!, in: AudioMode.self)) }
        apply("facing", settings.facing) { body throws(IntentError) in body.setFacing(try named(settings.facing!, in: Facing.self)) }
        apply("dateImprint", settings.dateImprint) { body throws(IntentError) in body.setDateImprint(settings.dateImprint!) }
        apply("virtualCamera", settings.virtualCamera) { body in body.setVirtualCamera(settings.virtualCamera!) }
        apply("clockOffset", settings.clockOffset) { body throws(IntentError) in try body.setClockOffset(settings.clockOffset!, at: now) }
        return (body, rejected)
    }

    /// Sets the SET CLOCK offset directly; at `now` it must keep the clock's year within `CameraClock.years`.
    mutating func setClockOffset(_ offset: Double, at now: Date) throws(IntentError) {
        let limit = Double(CameraClock.years.count) * 366 * 86_400
        guard offset.isFinite, abs(offset) <= limit,
              CameraClock.years.contains(CameraClock.calendar.component(.year, from: now.addingTimeInterval(offset))) else {
            throw .outOfRange("The clock's year goes from \(CameraClock.years.lowerBound) to \(CameraClock.years.upperBound).")
        }
        clock.offset = offset
    }

    /// The case of `type` whose raw value is `text`.
    private static func named<T: RawRepresentable & CaseIterable>(_ text: String, in type: T.Type) throws(IntentError) -> T
        where T.RawValue == String {
        guard let value = T(rawValue: text) else {
            throw .outOfRange("It is one of " + T.allCases.map(\.rawValue).joined(separator: ", ") + ".")
        }
        return value
    }
}
