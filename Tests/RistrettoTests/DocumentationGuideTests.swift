import Foundation
import Ristretto
import RistrettoTesting
import Testing

// The code of the DocC articles Tools.md and Testing.md (Sources/Ristretto/Ristretto.docc), compiled and run.
// Each swift block of the two articles appears here verbatim (indentation aside), which
// `everyBlockOfTheArticlesIsHere` checks: the Tools blocks at file scope, the Testing blocks in the suite.

// MARK: - Tools.md: a tool with typed arguments and output, and a session that uses it

struct FindBooks: Tool {
  let name = "findBooks"
  let description = "Books by an author in the library's catalogue."

  struct Arguments: GenerableObject, Decodable {
    var author: String
    var limit: Int
    static let properties = GenerableProperties<Arguments> {
      GenerableProperty(\.author, description: "the author's surname")
      GenerableProperty(\.limit, description: "how many titles to list", .range(1...5))
    }
  }

  struct BookList: GenerableObject, Decodable {
    var titles: [String]
    var total: Int
    static let properties = GenerableProperties<BookList> {
      GenerableProperty(\.titles)
      GenerableProperty(\.total, description: "how many books by the author the library holds")
    }
  }

  static let catalogue = [
    "eliot": ["Middlemarch", "Silas Marner", "The Mill on the Floss"],
    "austen": ["Emma", "Persuasion"],
  ]

  func call(arguments: Arguments) async throws -> BookList {
    let titles = Self.catalogue[arguments.author.lowercased(), default: []]
    return BookList(titles: Array(titles.prefix(arguments.limit)), total: titles.count)
  }
}

func askForEliot() async throws -> String {
  let model = FakeModel.scripted([
    .toolCall("findBooks", arguments: GeneratedContent(properties: ["author": "Eliot", "limit": 2])),
    .reply("The library has Middlemarch and Silas Marner, and one more by Eliot."),
  ])
  let session = LanguageModelSession(model: model, tools: [FindBooks()], instructions: "You help library visitors.")
  let answer = try await session.respond(to: "What do you have by George Eliot?")
  return answer.content
}

// MARK: - Tools.md: a delegate that denies one tool and caches another

actor LibraryPolicy: ToolExecutionDelegate {
  private var searches: [String: GeneratedContent] = [:]

  func toolCallWillRun(_ call: Transcript.ToolCall, tool: any Tool) async -> ToolCallDecision {
    switch tool.name {
    case "renewLoan":
      return .deny(reason: "The person's library card is needed to renew a loan.")
    case "findBooks":
      guard let found = searches[call.arguments.jsonString] else { return .run }
      return .supply(found)
    default:
      return .run
    }
  }

  func toolCallDidFinish(_ call: Transcript.ToolCall, tool: any Tool, output: Transcript.ToolOutput) async {
    guard tool.name == "findBooks", case .structure(let segment)? = output.segments.first else { return }
    searches[call.arguments.jsonString] = segment.content
  }
}

// MARK: - Support

/// A tool `LibraryPolicy` never lets run.
struct RenewLoan: Tool {
  let name = "renewLoan"
  let description = "Renews the loan of a book the person has borrowed."

  struct Arguments: GenerableObject, Decodable {
    var title: String
    static let properties = GenerableProperties<Arguments> { GenerableProperty(\.title) }
  }

  func call(arguments: Arguments) async throws -> String { "Renewed \(arguments.title) for three weeks." }
}

@Suite("DocC guides: Tools and Testing")
struct DocumentationGuideTests {
  // MARK: Tools.md

  @Test func theToolListsTheAuthorsBooksUpToTheLimit() async throws {
    let list = try await FindBooks().call(arguments: FindBooks.Arguments(author: "Eliot", limit: 2))
    #expect(list.titles == ["Middlemarch", "Silas Marner"])
    #expect(list.total == 3)
    let none = try await FindBooks().call(arguments: FindBooks.Arguments(author: "Tolstoy", limit: 5))
    #expect(none.titles.isEmpty && none.total == 0)
  }

  @Test func theSessionAnswersAfterCallingTheTool() async throws {
    #expect(try await askForEliot() == "The library has Middlemarch and Silas Marner, and one more by Eliot.")
  }

  @Test func aCallOutsideTheGuidesNeverRunsAndTheModelReadsWhy() async throws {
    let spy = ToolSpy(FindBooks())
    let model = FakeModel.scripted([
      .toolCall("findBooks", arguments: GeneratedContent(properties: ["author": "Eliot", "limit": 7])),
      .toolCall("findBooks", arguments: GeneratedContent(properties: ["author": "Eliot", "limit": 5])),
      .reply("Three books by Eliot."),
    ])
    let session = LanguageModelSession(model: model, tools: [spy])
    let answer = try await session.respond(to: "Everything by Eliot?")
    #expect(answer.content == "Three books by Eliot.")
    #expect(await spy.calls.map(\.limit) == [5])
    let refusal =
      "Error: the call was not run because its arguments are invalid (arguments.limit: 7 is outside 1...5). "
      + "Call findBooks again with arguments that follow its definition."
    #expect(Self.outputTexts(answer).first == refusal)
  }

  @Test func thePolicyDeniesRenewalsAndAnswersARepeatedSearchFromMemory() async throws {
    let search = ToolSpy(FindBooks())
    let renew = ToolSpy(RenewLoan())
    let eliot = GeneratedContent(properties: ["author": "Eliot", "limit": 2])
    let model = FakeModel.scripted([
      .toolCall("findBooks", arguments: eliot), .reply("Middlemarch and Silas Marner."),
      .toolCall("findBooks", arguments: eliot), .reply("Still Middlemarch and Silas Marner."),
      .toolCall("renewLoan", arguments: GeneratedContent(properties: ["title": "Middlemarch"])),
      .reply("I cannot renew it without your card."),
    ])
    let session = LanguageModelSession(model: model, tools: [search, renew], instructions: "You help library visitors.")
    session.toolExecutionDelegate = LibraryPolicy()
    let first = try await session.respond(to: "Books by Eliot?")
    let second = try await session.respond(to: "Books by Eliot, again?")
    let renewal = try await session.respond(to: "Renew Middlemarch, please.")
    #expect(await search.calls.count == 1)
    #expect(await renew.calls.isEmpty)
    #expect(!Self.outputTexts(first).isEmpty)
    #expect(Self.outputTexts(second) == Self.outputTexts(first))
    let denial =
      "Error: The app did not allow this call to renewLoan: "
      + "The person's library card is needed to renew a loan."
    #expect(Self.outputTexts(renewal) == [denial])
    #expect(renewal.content == "I cannot renew it without your card.")
  }

  // MARK: Testing.md

  @Test func theAssistantSearchesTheCatalogueOnce() async throws {
    let model = FakeModel.scripted([
      .toolCall("findBooks", arguments: GeneratedContent(properties: ["author": "Eliot", "limit": 2])),
      .reply("Middlemarch and Silas Marner."),
    ])
    let spy = ToolSpy(FindBooks())
    let session = LanguageModelSession(model: model, tools: [spy], instructions: "You help library visitors.")
    let answer = try await session.respond(to: "Anything by George Eliot?")
    #expect(answer.content == "Middlemarch and Silas Marner.")
    #expect(await spy.calls.map(\.author) == ["Eliot"])
    #expect(await spy.outputs.first?.titles == ["Middlemarch", "Silas Marner"])
    #expect(model.requests.count == 2)
    #expect(model.requests.first?.tools.map(\.name) == ["findBooks"])
  }

  @Test func aSamplingModelAnswersEveryRequestValidly() async throws {
    let spy = ToolSpy(FindBooks())
    let model = FakeModel.sampling(seed: 7)
    let session = LanguageModelSession(model: model, tools: [spy], instructions: "You help library visitors.")
    let answer = try await session.respond(to: "What do you have by George Eliot?")
    #expect(answer.content.hasPrefix("A sampled answer"))
    let limits = await spy.calls.map(\.limit)
    #expect(limits.count == 1 && limits.allSatisfy { (1...5).contains($0) })
    let list = try await session.respond(to: "List them.", generating: FindBooks.BookList.self)
    try validate(list.rawContent, against: FindBooks.BookList.generationSchema)
    #expect(model.requests.count == 3)
  }

  @Test func codeWrittenForTheDefaultModelRunsOnAFake() async throws {
    let model = FakeModel.fixed("Fiction, shelf ELI.")
    let shelf = try await SystemLanguageModel.withBackend(model) {
      let session = LanguageModelSession(instructions: "Answer with the shelf mark only.")
      return try await session.respond(to: "Where are George Eliot's novels?").content
    }
    #expect(shelf == "Fiction, shelf ELI.")
    #expect(model.requests.count == 1)
  }

  // MARK: The articles

  @Test func everyBlockOfTheArticlesIsHere() throws {
    let here = URL(fileURLWithPath: #filePath)
    let catalog = here.deletingLastPathComponent().appendingPathComponent("../../Sources/Ristretto/Ristretto.docc")
    func lines(_ text: String) -> String {
      text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        .joined(separator: "\n")
    }
    let source = lines(try String(contentsOf: here, encoding: .utf8))
    for (article, count) in [("Tools.md", 2), ("Testing.md", 3)] {
      let page = try String(contentsOf: catalog.appendingPathComponent(article), encoding: .utf8)
      let blocks = page.components(separatedBy: "```swift\n").dropFirst()
        .compactMap { $0.components(separatedBy: "```").first }
      #expect(blocks.count == count, "\(article) has \(blocks.count) swift blocks")
      for block in blocks {
        #expect(source.contains(lines(block)), "a block of \(article) is not in this file:\n\(block)")
      }
    }
  }

  /// The text of each tool output of a response, in order.
  private static func outputTexts(_ response: Response<String>) -> [String] {
    response.toolOutputs.map { $0.segments.map(\.text).joined() }
  }
}
