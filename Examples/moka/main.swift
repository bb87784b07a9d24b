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
  MokaAssistant.preload()
  var data = MokaData.load(from: options.dataDirectory.map { URL(fileURLWithPath: $0) }, now: now)
  for issue in data.issues.prefix(options.verbose ? data.issues.count : 5) { printError("moka: left out \(issue)") }
  if !options.verbose, data.issues.count > 5 {
    printError("moka: … and \(data.issues.count - 5) more entries left out (--verbose lists them all)")
  }
  data.location = options.location.map { (latitude: $0.0, longitude: $0.1) }
  data.indexHealth = IndexHealth(rawValue: options.index) ?? .ready
  let assistant = MokaAssistant(data: data)
  switch options.command {
  case .ask: try await Commands.ask(options, assistant: assistant)
  case .route: try await Commands.route(options, assistant: assistant)
  case .budget: try await Commands.budget(options, assistant: assistant)
  case .chat: try await ChatLoop.run(options, assistant: assistant)
  }
} catch {
  // Every failure: a sentence for the person (JSON on stdout with --json), the developer's
  // detail with --verbose, and a non-zero exit.
  if options.json {
    print(Commands.errorObject(error, question: options.command == .ask ? options.question : nil).jsonString)
  } else {
    printError(Commands.describe(error).message)
  }
  if options.verbose { printError("moka: \(String(reflecting: error))") }
  exit(error is Backend.Failure ? 2 : 1)
}
