import CGtk
import CommandLineOptions
import CViewfinder
import DBus
import Foundation

// retrocam-viewfinder: the camera's window, one more client of retrocamd. main only wires.
let launchedAt = g_get_monotonic_time()
let options = Options.parser.parseOrExit()
Log.verbose = options.verbose
var problem: UnsafeMutablePointer<gchar>?
guard vf_init(&problem) != 0 else {
    Log.info(problem.map { String(cString: $0) } ?? "GTK or GStreamer could not start.")
    exit(ExitStatus.failure)
}
let connection: Connection
do {
    connection = try options.address.map { try Connection(address: $0) } ?? Connection.session()
} catch {
    Log.info("cannot connect to the session bus: \(CameraLink.sentence(error))")
    exit(ExitStatus.failure)
}
let link = CameraLink(connection: connection)
let viewfinder = ViewfinderWindow(link: link, options: options, launchedAt: launchedAt)
link.start { problem in
    Log.info("cannot follow the camera: \(problem)")
    exit(ExitStatus.failure)
}
for signal in [SIGTERM, SIGINT] {
    vf_on_unix_signal(signal, Signals.run, Signals.retain { viewfinder.quit() })
}
viewfinder.start()
gtk_main()
connection.close()
