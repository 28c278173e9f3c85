import CGtk
import CViewfinder
import DBus
import Foundation

// retrocam-viewfinder: the camera's window, one more client of retrocamd. main only wires.
let launchedAt = g_get_monotonic_time()
let options: Options
do {
    options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("retrocam-viewfinder: \(error.message)\n\(Options.usage)\n".utf8))
    exit(64)
}
if options.help {
    print(Options.usage)
    exit(0)
}
Log.verbose = options.verbose
var problem: UnsafeMutablePointer<gchar>?
guard vf_init(&problem) != 0 else {
    Log.info(problem.map { String(cString: $0) } ?? "GTK or GStreamer could not start.")
    exit(1)
}
let connection: Connection
do {
    connection = try options.address.map { try Connection(address: $0) } ?? Connection.session()
} catch {
    Log.info("cannot connect to the session bus: \(CameraLink.sentence(error))")
    exit(1)
}
let link = CameraLink(connection: connection)
let viewfinder = ViewfinderWindow(link: link, options: options, launchedAt: launchedAt)
link.start { problem in
    Log.info("cannot follow the camera: \(problem)")
    exit(1)
}
for signal in [SIGTERM, SIGINT] {
    vf_on_unix_signal(signal, Signals.run, Signals.retain { viewfinder.quit() })
}
viewfinder.start()
gtk_main()
connection.close()
