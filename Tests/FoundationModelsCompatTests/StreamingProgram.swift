import Ristretto  // [import]

// Streaming partial results, as in "Generating content and performing tasks with Foundation Models".
struct Itinerary: GenerableObject, Decodable {  // [macro]
  var title: String
  var days: [String]
  var rating: Int
  static let properties = GenerableProperties<Itinerary> {  // [macro]
    GenerableProperty(\.title, description: "An exciting name for the trip")  // [macro]
    GenerableProperty(\.days, description: "One activity a day", .count(3))  // [macro]
    GenerableProperty(\.rating, .range(1...5))  // [macro]
  }  // [macro]
}

func itineraryProgram() async throws -> (titles: [String], final: Itinerary) {
  let session = LanguageModelSession(instructions: "You plan short trips.")
  let stream = session.streamResponse(generating: Itinerary.self) {
    "Plan a three-day trip to Turin."
  }
  var titles: [String] = []
  for try await partial in stream {
    if let title = partial.content.title, titles.last != title { titles.append(title) }
  }
  let itinerary = try await stream.collect().content
  return (titles, itinerary)
}
