import Ristretto  // [import]

// A tool the model calls with a guided argument, as in "Expanding generation with tool calling".
struct FindContacts: Tool {
  let name = "findContacts"
  let description = "Finds a specific number of contacts"

  struct Arguments: GenerableObject, Decodable {  // [macro]
    let count: Int
    static let properties = GenerableProperties<Arguments> {  // [macro]
      GenerableProperty(\.count, description: "The number of contacts to get", .range(1...10))  // [macro]
    }  // [macro]
  }

  func call(arguments: Arguments) async throws -> [String] {
    Array(["Ada", "Grace", "Linus", "Margaret", "Ken"].prefix(arguments.count))
  }
}

func findContactsProgram() async throws -> (answer: String, calls: Int) {
  let session = LanguageModelSession(
    tools: [FindContacts()],
    instructions: "Help the person with getting contact details."
  )
  let response = try await session.respond(to: "Find three contacts for my party invitation.")
  return (response.content, session.transcript.count)
}
