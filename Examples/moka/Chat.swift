import Foundation
import MokaPot
import Ristretto

/// The interactive chat loop.
enum ChatLoop {
  static func run(_ options: Options, assistant: MokaAssistant) async throws {
    let model = try await Backend.model(options, assistant: assistant)
    let router = try Backend.router(options, model: model, assistant: assistant)
    var chat = try assistant.chat(model: model, router: router)
    if options.json {
      try await runJSON(chat: chat)
      return
    }
    chat.toolExecutionDelegate = CallPrinter()
    var choices: [String] = []
    print("Moka-pot assistant (\(options.backend) backend). /new starts over, /budget shows token costs, /quit exits.")
    while true {
      print("> ", terminator: "")
      fflush(nil)
      guard let line = readLine() else { break }
      var message = line.trimmingCharacters(in: .whitespaces)
      switch message {
      case "": continue
      case "/quit", "/exit": return
      case "/new":
        chat = try assistant.chat(model: model, router: router)
        chat.toolExecutionDelegate = CallPrinter()
        choices = []
        print("(new conversation)")
        continue
      case "/budget":
        let specialty = chat.specialty ?? .general
        let budget = TokenBudget(
          model: model, instructions: specialty.instructions(from: assistant.instructions, toolbox: assistant.toolbox),
          tools: specialty.tools(from: assistant.toolbox), transcript: chat.transcript.entries)
        print("[\(specialty.rawValue)]\n" + budget.table)
        continue
      default: break
      }
      if let number = Int(message), number >= 1, number <= choices.count { message = choices[number - 1] }
      do {
        let first = chat.specialty == nil
        let reply = try await chat.send(message)
        if first {
          let unsure = reply.routing?.wasUnsure == true ? ", router unsure" : ""
          print("[specialty: \(reply.specialty.rawValue)\(unsure)]")
        } else if let previous = reply.switchedFrom {
          print("[switched from \(previous.rawValue) to \(reply.specialty.rawValue)]")
        }
        print(reply.response.content)
        choices = Commands.choices(in: reply.response.toolOutputs) ?? []
        for (index, option) in choices.enumerated() { print("  \(index + 1). \(option)") }
      } catch {
        let failure = Commands.errorObject(error)
        print(
          (try? failure.value(GeneratedContent.self, forProperty: "error").value(String.self, forProperty: "message"))
            ?? error.localizedDescription)
      }
    }
  }

  /// `moka chat --json`: one message per stdin line, one JSON object per turn; a turn that
  /// fails prints `{"turn","question","error":{"code","message"}}` and the chat goes on (a failed
  /// turn leaves the conversation as it was). Exits 1 at the end when any turn failed.
  static func runJSON(chat: SpecialistChat<MokaSpecialty>) async throws {
    var turn = 0
    var failed = 0
    while let line = readLine() {
      let message = line.trimmingCharacters(in: .whitespaces)
      guard !message.isEmpty else { continue }
      turn += 1
      do {
        let reply = try await chat.send(message)
        print(Commands.turnObject(reply, question: message, turn: turn).jsonString)
        fflush(nil)
      } catch {
        failed += 1
        print(Commands.errorObject(error, question: message, turn: turn).jsonString)
        fflush(nil)
      }
    }
    if failed > 0 { exit(1) }
  }
}

/// Shows each tool call of the interactive chat as it is made, so the person sees what the
/// assistant looked up.
struct CallPrinter: ToolExecutionDelegate {
  func toolCallWillRun(_ call: Transcript.ToolCall, tool: any Tool) async -> ToolCallDecision {
    print("  (\(tool.name) \(call.arguments.jsonString))")
    return .run
  }
}
