import Ristretto  // [import]

// A typed answer with guides, as in "Generating Swift data structures with guided generation".
struct SearchSuggestions: GenerableObject, Decodable {  // [macro]
  var searchTerms: [String]
  var audience: Audience
  static let properties = GenerableProperties<SearchSuggestions> {  // [macro]
    GenerableProperty(\.searchTerms, description: "A list of suggested search terms", .count(4))  // [macro]
    GenerableProperty(\.audience)  // [macro]
  }  // [macro]

  enum Audience: String, CaseIterable, Generable, Decodable {  // [macro]
    case families, students, travelers
  }
}

func searchSuggestionsProgram() async throws -> SearchSuggestions {
  let session = LanguageModelSession()
  let prompt = """
    Generate a list of suggested search terms for an app about visiting famous landmarks.
    """
  let response = try await session.respond(to: prompt, generating: SearchSuggestions.self)
  return response.content
}
