import DBus
import Desktop
import Dispatch
import Engine
import Foundation
import Intents
import Service

/// Wires the daemon: engine → device → controller → service on the bus, then waits for
/// SIGTERM/SIGINT (which finish a take in progress before exit) or the bus going away.
enum Daemon {
    static let exitFailure: Int32 = 1

    /// Runs until a signal or a lost bus; never returns.
    static func run(_ options: DaemonOptions) async -> Never {
        Log.verbose = options.verbose
        var configuration = EngineConfiguration.fromEnvironment()
        if let source = options.source { configuration.source = SourceChoice(argument: source) }

        let connection: Connection
        do {
            connection = try options.address.map { try Connection(address: $0) } ?? Connection.session()
        } catch {
            fail("cannot connect to the session bus: \(message(of: error))")
        }
        let engine: CameraEngine
        do { engine = try CameraEngine(configuration: configuration) } catch { fail(message(of: error)) }
        let device = EngineDevice(engine: engine)
        let controller = CameraController(device: device)
        let replies = spokenReplies(options)
        let desktop: DesktopIntegration
        do {
            let server = ObjectServer(connection: connection)
            var speak: (@Sendable (String) -> Void)?
            if let replies { speak = { (text: String) in replies.say(text) } }
            _ = try await CameraService(controller: controller, server: server, speak: speak)
            desktop = try await DesktopIntegration(controller: controller, connection: connection, server: server,
                                                   options: options.desktopOptions)
            guard try connection.requestName(BusContract.busName) else {
                fail("\(BusContract.busName) is already owned on this bus: another retrocamd is running. Exiting.")
            }
        } catch {
            fail("cannot publish \(BusContract.busName): \(message(of: error))")
        }
        do {
            try engine.start()
            let recovered = engine.recoverInterruptedTakes()
            if !recovered.isEmpty { Log.info("recovered \(recovered.count) interrupted take(s)") }
        } catch {
            Log.info("the camera did not start: \(message(of: error)); intents that need it will answer NoCamera")
        }
        device.markReady()
        await controller.start()
        let wyoming = options.wyoming.flatMap { WyomingEndpoint.start($0, controller: controller) }
        if let replies {
            await replies.sayFactOfTheDay(controller)
            await replies.followCounter(of: controller)
        }
        Log.info("ready: \(BusContract.busName) on \(options.address ?? "the session bus"), camera: \(engine.cameras.map(\.name).joined(separator: ", "))")

        let signal = await Termination.wait(connection: connection)
        Log.info("\(signal): finishing any take in progress")
        desktop.stop()
        wyoming?.stop()
        await engine.shutdown()
        connection.close()
        exit(0)
    }

    /// The voice for replies when speech is on (`--speak`, `RETROCAM_SPEAK`), nil otherwise.
    private static func spokenReplies(_ options: DaemonOptions) -> SpokenReplies? {
        let speech = SpeechSettings(speak: options.speak, environment: ProcessInfo.processInfo.environment)
        guard speech.enabled else { return nil }
        guard let speaker = Speaker(preferring: speech.engines, rate: speech.rate, log: { Log.info($0) }) else {
            Log.info(SpeechError.noEngine.description)
            return nil
        }
        return SpokenReplies(speaker: speaker)
    }

    private static func fail(_ message: String) -> Never {
        Log.info(message)
        exit(exitFailure)
    }

    private static func message(of error: any Error) -> String {
        if let error = error as? EngineError { return error.message }
        if let error = error as? DBusError { return error.message }
        return "\(error)"
    }
}

extension SourceChoice {
    /// `auto`, `synthetic`, or a device path.
    init(argument: String) {
        switch argument {
        case "auto": self = .auto
        case "synthetic": self = .synthetic
        default: self = .device(argument)
        }
    }
}
