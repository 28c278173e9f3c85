import Blocking
import Body
import BusNames
import CommandLineOptions
import DBus
import Desktop
import Device
import Dispatch
import Engine
import Foundation
import Intents
import Service

/// Wires the daemon: engine → device → controller → service on the bus, then sleeps until
/// SIGTERM/SIGINT (which finish a take in progress before exit), the bus going away, or (with
/// `--exit-when-idle`) a long idle time. The camera opens only when something needs it.
enum Daemon {
    /// Runs until a signal or a lost bus; never returns.
    static func run(_ options: DaemonOptions) async -> Never {
        // First: a SIGTERM during start-up is kept and answered once the camera is up, take-safe.
        Termination.listen()
        Log.verbose = options.verbose
        EngineLog.verbose = options.verbose
        if let missing = InstallCheck.startupLine() { Log.info(missing) }
        var configuration = EngineConfiguration.fromEnvironment()
        if let source = options.source { configuration.source = SourceChoice(argument: source) }
        if let linger = options.lingerSeconds { configuration.lingerSeconds = linger }
        // One daemon per home, before anything reads or writes the state folder.
        let busAddress = options.address ?? ProcessInfo.processInfo.environment["DBUS_SESSION_BUS_ADDRESS"] ?? "unknown"
        let lock: InstanceLock
        do { lock = try InstanceLock.acquire(stateDirectory: configuration.stateDirectory, bus: busAddress) } catch {
            fail(error.message)
        }

        let connection: Connection
        do {
            connection = try options.address.map { try Connection(address: $0) } ?? Connection.session()
        } catch {
            fail("cannot connect to the session bus: \(message(of: error))")
        }
        let engine: CameraEngine
        do { engine = try CameraEngine(configuration: configuration) } catch { fail(message(of: error)) }
        let device = await EngineDevice(engine: engine)
        // The dials come back as they were left (see SettingsFile).
        let settings = SettingsFile(directory: configuration.stateDirectory) { Log.info($0) }
        let controller = CameraController(device: device, body: settings.restoredBody(),
                                          undoSeconds: CameraController.undoSeconds(environment: ProcessInfo.processInfo.environment))
        // Before the name is published: the first call's change is saved too.
        await controller.observe { settings.save($0) }
        let replies = spokenReplies(options)
        // Off the bus's threads, while the rest starts: an utterance that arrives before it is done waits for it.
        try? BlockingPool.shared.submit("voice matcher") { CameraController.prepareVoiceMatcher() }
        // A preview client keeps the camera open, like a take: the stream holds it while it runs.
        // A preview client or the virtual camera keeps the camera open, like a take, while it runs.
        let hold: EnginePreview.Hold = { purpose in
            let hold = await controller.holdCamera(for: purpose)
            return { hold.release() }
        }
        let preview = EnginePreview(engine: engine, hold: hold)
        let virtualCamera = EngineVirtualCamera(engine: engine, hold: hold)
        let desktop: DesktopIntegration
        let service: CameraService
        do {
            // Calls run in the bus's order on the controller's actor, where nearly all of them go.
            let server = ObjectServer(connection: connection, servingCallsOn: controller)
            var speak: (@Sendable (String) -> Void)?
            if let replies { speak = { (text: String) in replies.say(text) } }
            service = try await CameraService(controller: controller, server: server, speak: speak, preview: preview,
                                              virtualCamera: virtualCamera)
            // The virtual camera's state is kept with the dials, for the next start.
            if let virtualSwitch = service.virtualCamera { await controller.attachVirtualCamera(virtualSwitch) }
            desktop = try await DesktopIntegration(controller: controller, connection: connection, server: server,
                                                   options: options.desktopOptions)
            guard try await connection.requestName(BusContract.busName) else {
                fail("\(BusContract.busName) is already owned on this bus: another retrocamd is running. Exiting.")
            }
        } catch {
            fail("cannot publish \(BusContract.busName): \(message(of: error))")
        }
        let recovered = await engine.recoverInterruptedTakes()
        if !recovered.isEmpty { Log.info("recovered \(recovered.count) interrupted take(s)") }
        device.markReady()
        await controller.start()
        if await controller.body.virtualCamera, let virtualSwitch = service.virtualCamera {
            // Left on: published again, in the background (it waits for the camera's first frame).
            Task {
                do { Log.info("virtual camera restored: \(try await virtualSwitch.turn(on: true))") } catch {
                    Log.info("virtual camera: left on, but it could not start again: \(message(of: error))")
                }
            }
        }
        let wyoming = options.wyoming.flatMap { WyomingEndpoint.start($0, controller: controller, desktop: desktop) }
        if let replies {
            await replies.sayFactOfTheDay(controller)
            await replies.followCounter(of: controller)
        }
        let idle = options.exitWhenIdle.map { IdleExit(seconds: $0) { !desktop.listensForTriggers && !desktop.hooksBusy } }
        await idle?.follow(controller)
        Log.info("ready: \(BusContract.busName) on \(options.address ?? "the session bus"), camera: \(engine.session.cameras.map(\.name).joined(separator: ", ")) (opened when needed, lingers \(configuration.lingerSeconds) s)")

        let signal = await Termination.wait(connection: connection, idle: idle)
        Termination.armDeadline()
        Log.info("\(signal): finishing any take in progress")
        await settings.flush()
        await desktop.daemonStopping()
        desktop.stop()
        Log.debug("desktop stopped")
        wyoming?.stop()
        await preview.stopPreview()
        await virtualCamera.stopVirtualCamera()
        await engine.shutdown(finishWithin: Termination.takeFinishSeconds)
        Log.debug("engine stopped")
        await BlockingPool.shared.shutdown()
        connection.close()
        withExtendedLifetime(lock) {}
        exit(ExitStatus.success)
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
        exit(ExitStatus.failure)
    }

    private static func message(of error: any Error) -> String {
        if let error = error as? IntentError { return error.message }
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
