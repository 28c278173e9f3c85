import CommandLineOptions
import Device
import Engine
import Foundation

// retrocamd: the Retrocam camera daemon. main only wires; see Daemon.swift.
// Before anything can start a thread (a thread that allocates first gets a malloc arena of its own).
MemoryPolicy.apply()
let options = DaemonOptions.parser.parseOrExit()
if options.printFolders {
    do { print(try FolderDropIn.text(for: .fromEnvironment()), terminator: "") } catch {
        DaemonOptions.parser.fail(error.message)
    }
    exit(ExitStatus.success)
}
if options.check { exit(InstallCheck.run()) }
await Daemon.run(options)
