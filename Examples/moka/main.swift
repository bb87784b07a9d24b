import Foundation
import MokaPot

/// Writes `text` to standard error.
func printError(_ text: String) { FileHandle.standardError.write(Data((text + "\n").utf8)) }

let options: Options
do {
  options = try Options.parse(Array(CommandLine.arguments.dropFirst()))
} catch {
  printError("moka: \(error.message)\n")
  printError(Options.usage(for: nil))
  exit(2)
}
if options.help {
  print(Options.usage(for: CommandLine.arguments.count > 1 && !CommandLine.arguments[1].hasPrefix("-") ? options.command : nil))
  exit(0)
}

do {
  let now = options.today.flatMap(MokaData.date) ?? Date()
  if let today = options.today, MokaData.date(today) == nil {
    printError("moka: --today must be YYYY-MM-DD or YYYY-MM-DDTHH:MM, not '\(today)'")
    exit(2)
  }
  var data = MokaData.load(from: options.dataDirectory.map { URL(fileURLWithPath: $0) }, now: now)
  data.location = options.location.map { (latitude: $0.0, longitude: $0.1) }
  data.indexHealth = IndexHealth(rawValue: options.index) ?? .ready
  let assistant = MokaAssistant(data: data)
  switch options.command {
  case .ask: try await Commands.ask(options, assistant: assistant)
  case .route: try await Commands.route(options, assistant: assistant)
  case .budget: try Commands.budget(options, assistant: assistant)
  case .chat: try await ChatLoop.run(options, assistant: assistant)
  }
} catch let failure as Backend.Failure {
  printError(failure.message)
  exit(2)
} catch {
  printError("moka: \(error.localizedDescription)")
  exit(1)
}
