import Ristretto

/// Where web results come from. The default is offline and says so.
public protocol WebSearchProvider: Sendable {
  /// Results for `query`; nil when the provider cannot search (offline).
  func search(_ query: String) async throws -> [WebSearchTool.Result]?
}

/// A provider that is always offline.
public struct OfflineWebSearch: WebSearchProvider {
  public init() {}
  public func search(_ query: String) async throws -> [WebSearchTool.Result]? { nil }
}

/// Searches the web through a pluggable provider (offline by default).
public struct WebSearchTool: Tool {
  public let name = "webSearch"
  public let description = "Search the web for products, prices and reviews."
  let provider: any WebSearchProvider

  public struct Arguments: GenerableObject {
    public var query: String
    public static let properties = GenerableProperties<Arguments> { GenerableProperty("query", \.query) }
    public init(_ content: GeneratedContent) throws { query = try content.value(forProperty: "query") }
  }

  /// One web result.
  public struct Result: GenerableObject {
    public var title, snippet: String
    public static let properties = GenerableProperties<Result> {
      GenerableProperty("title", \.title)
      GenerableProperty("snippet", \.snippet)
    }
    public init(title: String, snippet: String) { (self.title, self.snippet) = (title, snippet) }
    public init(_ content: GeneratedContent) throws {
      title = try content.value(forProperty: "title")
      snippet = try content.value(forProperty: "snippet")
    }
  }

  public struct Output: GenerableObject {
    public enum Status: String, CaseIterable, Generable { case ok, noResults, offlineUnavailable }
    public var status: Status
    public var results: [Result]
    public static let properties = GenerableProperties<Output> {
      GenerableProperty("status", \.status)
      GenerableProperty("results", \.results)
    }
    init(status: Status, results: [Result] = []) { (self.status, self.results) = (status, results) }
    public init(_ content: GeneratedContent) throws {
      status = try content.value(forProperty: "status")
      results = try content.value(forProperty: "results")
    }
  }

  public func call(arguments: Arguments) async throws -> Output {
    guard let results = try await provider.search(arguments.query) else { return Output(status: .offlineUnavailable) }
    return results.isEmpty ? Output(status: .noResults) : Output(status: .ok, results: Array(results.prefix(5)))
  }
}
