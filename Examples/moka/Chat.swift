import Foundation
import MokaPot
import Ristretto

/// The interactive chat loop.
enum ChatLoop {
  static func run(_ options: Options, assistant: MokaAssistant) async throws {
    let model = try Backend.model(options, assistant: assistant)
    let router = try Backend.router(options, model: model, assistant: assistant)
    var chat = try assistant.chat(model: model, router: router)
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
        }
        print(reply.response.content)
        choices = Commands.choices(in: reply.response.toolOutputs) ?? []
        for (index, option) in choices.enumerated() { print("  \(index + 1). \(option)") }
      } catch {
        print("Error: \(error.localizedDescription)")
      }
    }
  }
}
