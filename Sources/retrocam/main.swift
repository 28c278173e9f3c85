import Foundation

// retrocam: the command-line client of retrocamd (playerctl is the model).
exit(await CLI.run(Array(CommandLine.arguments.dropFirst())))
