import Device
import Engine
import Foundation

// retrocamd: the Retrocam camera daemon. main only wires; see Daemon.swift.
// Before anything can start a thread (a thread that allocates first gets a malloc arena of its own).
MemoryPolicy.apply()
let options: DaemonOptions
do {
    options = try DaemonOptions.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
    FileHandle.standardError.write(Data("retrocamd: \(error.message)\n\(DaemonOptions.usage)\n".utf8))
    exit(64)
}
if options.help {
    print(DaemonOptions.usage)
    exit(0)
}
if options.printFolders {
    do { print(try FolderDropIn.text(for: .fromEnvironment()), terminator: "") } catch {
        FileHandle.standardError.write(Data("retrocamd: \(error.message)\n".utf8))
        exit(1)
    }
    exit(0)
}
if options.check { exit(InstallCheck.run()) }
await Daemon.run(options)
