import Ristretto

/// A short taste quiz: with no answers it returns the questions; with flavours the user likes it
/// returns a taste profile that searchBeans can use.
public struct TasteQuizTool: Tool {
  public let name = "tasteQuiz"
  public let description = "Taste quiz: questions, or a taste profile from flavours the user likes."

  public struct Arguments: GenerableObject {
    public var likes: [String]

    public static let properties = GenerableProperties<Arguments> {
      GenerableProperty("likes", \.likes, description: "flavours the user likes", .maximumCount(4))
    }

    public init(_ content: GeneratedContent) throws { likes = try content.value(forProperty: "likes") }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable { case questions, profile }
    public var status: Status
    public var questions: [String]
    public var roast: String?
    public var process: String?
    public var note: String?

    public static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("questions", \.questions)
      GenerableProperty("roast", \.roast)
      GenerableProperty("process", \.process)
      GenerableProperty("note", \.note)
    }

    init(status: Status, questions: [String] = [], roast: String? = nil, process: String? = nil, note: String? = nil) {
      (self.status, self.questions, self.roast, self.process, self.note) = (status, questions, roast, process, note)
    }

    public init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      questions = try content.value(forProperty: "questions")
      roast = try content.value(forProperty: "roast")
      process = try content.value(forProperty: "process")
      note = try content.value(forProperty: "note")
    }
  }

  static let questions = [
    "Do you prefer chocolate and nuts, or fruit and flowers?",
    "Do you take your coffee with milk?",
    "Bright and tangy, or smooth and low in acidity?",
  ]

  /// Flavour words and the profile they point to: (roast, process, note).
  static let profiles: [(words: [String], roast: String, process: String?, note: String)] = [
    (["chocolate", "cocoa", "nut", "nutty", "milk", "smooth", "low acid"], "dark", nil, "chocolate"),
    (["fruit", "fruity", "berry", "blueberry", "strawberry", "jam", "wine"], "medium", "natural", "berry"),
    (["flower", "floral", "jasmine", "tea", "citrus", "lemon", "bright"], "light", "washed", "citrus"),
    // (Caramel is the sugar browning of a medium roast.)
    (["sweet", "honey", "brown sugar", "toffee", "caramel", "molasses"], "medium", "honey", "caramel"),
    (["earthy", "spice", "spicy", "herbal", "cedar"], "dark", "wet-hulled", "earthy"),
  ]

  public func call(arguments: Arguments) async throws -> Output {
    // (A like in the plural is the same like: "berries" is berry.)
    let likes = arguments.likes.map { Self.singular($0.lowercased()) }.filter { !$0.isEmpty }
    guard !likes.isEmpty else { return Output(status: .questions, questions: Self.questions) }
    // The profile most of the likes point to; in a tie, the one the first-named like points to.
    let best = Self.profiles.max { lhs, rhs in
      let (left, right) = (Self.score(lhs.words, likes), Self.score(rhs.words, likes))
      return left != right ? left < right : Self.firstLike(lhs.words, likes) > Self.firstLike(rhs.words, likes)
    }!
    // Flowers survive only a light roast: fruit liked with flowers is a light natural.
    let floral = Self.score(Self.profiles[2].words, likes) > 0
    let roast = floral && best.note == "berry" ? "light" : best.roast
    return Output(status: .profile, roast: roast, process: best.process, note: best.note)
  }

  /// A flavour word in the singular ("berries" → "berry", "nuts" → "nut").
  static func singular(_ word: String) -> String {
    if word.hasSuffix("ies"), word.count > 4 { return String(word.dropLast(3)) + "y" }
    if word.hasSuffix("s"), !word.hasSuffix("ss"), !word.hasSuffix("us"), word.count > 3 { return String(word.dropLast()) }
    return word
  }

  private static func firstLike(_ words: [String], _ likes: [String]) -> Int {
    likes.firstIndex { like in words.contains { TextSearch.contains(like, $0) || TextSearch.contains($0, like) } } ?? likes.count
  }

  private static func score(_ words: [String], _ likes: [String]) -> Int {
    likes.filter { like in words.contains { TextSearch.contains(like, $0) || TextSearch.contains($0, like) } }.count
  }
}
