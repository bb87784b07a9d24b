import Foundation

/// The parsed command line: a subcommand, global options and the subcommand's own.
struct Options {
  enum Command: String { case chat, ask, route, budget }

  var command: Command = .chat
  var backend = "rules"
  var modelPath: String?
  var serverURL: String?
  var dataDirectory: String?
  var location: (Double, Double)?
  var today: String?
  var index = "ready"
  var json = false
  var renderer = "compact"
  var question: String?
  var help = false
  var fallback: String?
  var verbose = false
  /// The context size in tokens (nil: the backend's default, at most the model's own).
  var contextSize: Int?

  /// A command-line mistake; printed with the usage, exit code 2.
  struct UsageError: Error { let message: String }

  static func parse(_ arguments: [String]) throws(UsageError) -> Options {
    var options = Options()
    var rest = arguments[...]
    if let first = rest.first, !first.hasPrefix("-") {
      guard let command = Command(rawValue: first) else { throw UsageError(message: "unknown command '\(first)'") }
      options.command = command
      rest = rest.dropFirst()
    }
    func value(_ flag: String) throws(UsageError) -> String {
      guard let next = rest.first, !next.hasPrefix("--") else { throw UsageError(message: "\(flag) needs a value") }
      rest = rest.dropFirst()
      return next
    }
    while let argument = rest.first {
      rest = rest.dropFirst()
      switch argument {
      case "-h", "--help": options.help = true
      case "--backend":
        options.backend = try value(argument)
        guard ["rules", "llama", "server"].contains(options.backend) else {
          throw UsageError(message: "--backend must be rules, llama or server, not '\(options.backend)'")
        }
      case "--model": options.modelPath = try value(argument)
      case "--url":
        let text = try value(argument)
        guard let url = URL(string: text), ["http", "https"].contains(url.scheme ?? ""), url.host != nil else {
          throw UsageError(message: "--url must be an http(s) URL such as http://127.0.0.1:8080, not '\(text)'")
        }
        options.serverURL = text
      case "--data": options.dataDirectory = try value(argument)
      case "--today": options.today = try value(argument)
      case "--index":
        options.index = try value(argument)
        guard ["ready", "stale", "unavailable"].contains(options.index) else {
          throw UsageError(message: "--index must be ready, stale or unavailable")
        }
      case "--location":
        let text = try value(argument)
        let fields = text.split(separator: ",", omittingEmptySubsequences: false)
        let parts = fields.compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard fields.count == 2, parts.count == 2, parts.allSatisfy(\.isFinite), abs(parts[0]) <= 90, abs(parts[1]) <= 180
        else {
          throw UsageError(message: "--location must be LAT,LON (for example 45.07,7.68), not '\(text)'")
        }
        options.location = (parts[0], parts[1])
      case "--context-size":
        let text = try value(argument)
        guard let size = Int(text), (256...1_048_576).contains(size) else {
          throw UsageError(message: "--context-size must be a whole number of tokens from 256 to 1048576, not '\(text)'")
        }
        options.contextSize = size
      case "--json": options.json = true
      case "--verbose": options.verbose = true
      case "--fallback":
        let value = try value(argument)
        guard value == "rules" else { throw UsageError(message: "--fallback must be rules, not '\(value)'") }
        options.fallback = value
      case "--" where options.command == .ask:
        // Everything after `--` is the question, even when it starts with a dash.
        options.question = rest.joined(separator: " ")
        rest = []
      case "--renderer" where options.command == .budget:
        options.renderer = try value(argument)
        guard ["compact", "jsonSchema"].contains(options.renderer) else {
          throw UsageError(message: "--renderer must be compact or jsonSchema")
        }
      default:
        if options.command == .ask, options.question == nil, !argument.hasPrefix("-") {
          options.question = argument
        } else {
          throw UsageError(message: "unexpected argument '\(argument)' for '\(options.command.rawValue)'")
        }
      }
    }
    if options.command == .ask, options.question == nil, !options.help {
      throw UsageError(message: "ask needs a question, for example: moka ask \"Why is my moka pot sputtering?\"")
    }
    return options
  }

  static let globalUsage = """
    Global options:
      --backend rules|llama|server   the model (default rules: deterministic, no downloads)
      --model PATH            GGUF file for --backend llama (default: $RISTRETTO_MODEL)
      --url URL               OpenAI-compatible server for --backend server (default: $RISTRETTO_SERVER_URL)
      --data DIR              directory with beans.json, cupboard.json, cafes.json (default: bundled)
      --location LAT,LON      where you are, for nearby cafes (default: unknown)
      --today DATE            'now' as YYYY-MM-DD or YYYY-MM-DDTHH:MM, UTC (default: the clock)
      --index ready|stale|unavailable   simulate the bean index's state (default ready)
      --fallback rules        when the chosen backend cannot run, answer with the rules (default: fail)
      --context-size N        tokens of context the model counts against (default 4096)
      --verbose               the developer's detail of every error, and every data entry left out
      -h, --help              this help
    """

  static func usage(for command: Command?) -> String {
    switch command {
    case .ask?:
      return "Usage: moka ask \"QUESTION\" [--json] [global options]\n\nOne routed answer. --json prints question, specialty, "
        + "unsure, toolCalls, answer and usage.\n\n" + globalUsage
    case .route?:
      return
        "Usage: moka route [global options] < questions.txt\n\nRoutes one question per line (a JSON line uses its \"q\") and "
        + "prints one JSON object per line: question, specialty, unsure, promptTokens, outputTokens.\n\n" + globalUsage
    case .budget?:
      return "Usage: moka budget [--renderer compact|jsonSchema] [--json] [global options]\n\nToken costs per specialty: "
        + "instructions, each tool, total and share of the context, plus the router's cost.\n\n" + globalUsage
    case .chat?:
      return "Usage: moka [chat] [global options]\n\nInteractive chat. Commands: /new (new conversation), /budget (token costs "
        + "of this conversation), /quit. When options are offered, type a number to pick one.\n\n" + globalUsage
    case nil:
      return """
        Usage: moka [chat|ask|route|budget] [options]

          moka                     interactive chat
          moka ask "QUESTION"      one answer (--json for machine-readable output)
          moka route               batch routing of questions on stdin
          moka budget              token costs per specialty

        Run 'moka COMMAND --help' for a command's options.

        """ + globalUsage
    }
  }
}
